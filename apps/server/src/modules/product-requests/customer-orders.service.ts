import {
  type Address,
  type ApiParsedBody,
  clock,
  DEFAULT_REFUND_PERIOD_DAYS,
  type Language,
  type ProductRequest,
} from '@loyalty/contract';
import type { CustomerCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, notFound } from '../../core/errors';
import { pageOf } from '../../lib/paging';
import { refuseWhenClosed } from '../branches/branch-open';
import { returnProductStock, takeProductStock } from '../products/product-stock';
import { type Notifier, silentNotifier } from '../push/push.service';
import { toAddress, toProductRequest } from './product-request.mapper';
import { productEvent } from './product-request-moves';
import type { ProductRequestsService } from './product-requests.service';
import { transition } from './product-requests.service';

const DAY_MS = 86_400_000;

/**
 * The customer's side of product requests (docs/domain.md, "Ordering"): addresses, ordering (one item; the stock
 * goes down at once), canceling while pending and asking for a refund inside the merchant's refund
 * period. Checks and their answers are listed in docs/domain.md.
 */
export function customerOrdersService(
  deps: ServiceDeps<'events' | 'productRequests' | 'products'>,
  requests: ProductRequestsService,
  notify: Notifier = silentNotifier,
) {
  const repo = deps.store.productRequests;
  const asMerchantSees = (merchantId: number, id: number) => requests.one({ merchantId }, id);

  async function own(caller: CustomerCaller, id: number) {
    const req = await repo.ofCustomer(caller.id, id);
    if (!req) throw notFound('productRequestNotFound');
    return req;
  }

  return {
    async addAddress(caller: CustomerCaller, v: ApiParsedBody<'user/address/add'>): Promise<Address> {
      return toAddress(
        await repo.insertAddress({
          userId: caller.id,
          address1: v.address1,
          address2: v.address2 ?? null,
          area: v.area,
          city: v.city,
          lat: v.lat ?? null,
          long: v.long ?? null,
        }),
      );
    },

    async order(caller: CustomerCaller, v: ApiParsedBody<'user/product/request'>): Promise<ProductRequest> {
      const product = await repo.productForOrder(v.productId);
      if (!product) throw notFound('productNotFound');
      if (product.merchantStatus !== 'approved' || product.merchantIsLive !== 1) throw conflict('merchantNotLive');
      if (product.isActive !== 1) throw conflict('productUnavailable');
      const branch = await repo.branch(v.branchId);
      if (!branch) throw notFound('branchNotFound');
      if (branch.merchantId !== product.merchantId) throw conflict('branchDoesNotSellProduct');
      if (branch.isActive !== 1) throw conflict('branchInactive');
      refuseWhenClosed(branch);
      let addressId: number | null = null;
      if (v.type === 'delivery') {
        if (product.deliveryAvailability !== 1) throw conflict('deliveryNotAvailable');
        if (v.addressId === undefined) throw conflict('deliveryAddressRequired');
        const address = await repo.address(caller.id, v.addressId);
        if (!address) throw notFound('addressNotFound');
        addressId = address.id;
      }
      if (product.stockAmount <= 0) throw conflict('outOfStock');
      if (v.payWith === 'points' && (await repo.customerBalance(caller.id)) < product.points)
        throw conflict('notEnoughPoints');
      const id = await deps.store.transaction(async (tx) => {
        if (!(await takeProductStock(tx, product.id))) throw conflict('outOfStock');
        const id = await tx.productRequests.insert({
          merchantId: product.merchantId,
          productId: product.id,
          branchId: branch.id,
          userId: caller.id,
          addressId,
          type: v.type,
          payWith: v.payWith,
          priceCents: product.priceCents,
          points: product.points,
        });
        await tx.events.append(
          productEvent({ id, merchantId: product.merchantId, branchId: branch.id }, 'created', 'pending'),
        );
        return id;
      });
      const created = await asMerchantSees(product.merchantId, id);
      notify.notifyBranch(product.merchantId, branch.id, {
        title: 'pushProductRequestTitle',
        body: 'pushProductRequestBody',
        vars: { name: created.user.name, subject: { en: created.Product.name, ar: created.Product.nameAr } },
        data: { id: created.id, type: 'productRequest' },
      });
      return created;
    },

    /** pending, not accepted yet (a delivery not started) → canceled; the product goes back to stock. */
    async cancel(caller: CustomerCaller, id: number): Promise<ProductRequest> {
      const req = await own(caller, id);
      await transition(deps, conflict('cannotCancelOrder'), async (tx) => {
        if (!(await tx.productRequests.cancel(req.id, caller.id))) throw conflict('cannotCancelOrder');
        await returnProductStock(tx, req.productId);
        await tx.events.append(productEvent(req, 'canceled', 'canceled'));
      });
      return asMerchantSees(req.merchantId, req.id);
    },

    /** user/product/req/list: the customer's own requests, with status and any reject reason. */
    async list(caller: CustomerCaller, v: ApiParsedBody<'user/product/req/list'>, lang: Language = 'en') {
      const { rows, count } = await repo.listOfCustomer(caller.id, { status: v.status }, pageOf(v));
      // the delivery code shows once a courier is assigned, to the customer only
      const withPin = rows.map((r) => ({
        ...toProductRequest(r, lang),
        deliveryPin: r.employeeId !== null ? r.deliveryPin : null,
      }));
      return { rows: withPin, count };
    },

    /** done → refund.pending, within the merchant's refund period counted from completion. */
    async askRefund(caller: CustomerCaller, v: { id: number; comment?: string }): Promise<ProductRequest> {
      const req = await own(caller, v.id);
      if (req.status !== 'done' || req.doneAt === null) throw conflict('refundNotAllowed');
      const days = (await repo.merchantRefundPeriod(req.merchantId)) ?? DEFAULT_REFUND_PERIOD_DAYS;
      if (days <= 0) throw conflict('noRefunds');
      const since = new Date(clock.now().getTime() - days * DAY_MS).toISOString();
      if (req.doneAt < since) throw conflict('refundPeriodOver');
      await deps.store.transaction(async (tx) => {
        if (!(await tx.productRequests.askRefund(req.id, caller.id, v.comment ?? null, since)))
          throw conflict('refundNotAllowed');
        await tx.events.append(productEvent(req, 'refundAsked', 'refund.pending'));
      });
      return asMerchantSees(req.merchantId, req.id);
    },
  };
}

export type CustomerOrdersService = ReturnType<typeof customerOrdersService>;
