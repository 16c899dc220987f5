import type { ApiParsedBody, ProductRequest } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { type AppError, conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';
import { pageOf } from '../../lib/paging';
import { AlreadyMovedError } from '../../platform/ledger/ledger.service';
import { applyTransition, rejection } from '../../platform/transitions/transition';
import type { Repos } from '../../repositories/registry';
import type { PermissionsService } from '../permissions/permissions.service';
import { returnProductStock } from '../products/product-stock';
import { type Notifier, silentNotifier } from '../push/push.service';
import { toProductRequest } from './product-request.mapper';
import { newDeliveryPin, productEvent, settleCompleted, settleRefunded } from './product-request-moves';
import type { RequestScope } from './product-requests.repository';
import { scopeOf } from './scope';

/** The most assignments the merchant's view of a courier lists. */
const ASSIGNMENTS_SHOWN = 100;

/**
 * Runs a state change in one transaction; `lost` is the 409 answered when another caller changed the
 * request first (a conditional update that found nothing, or a movement or settlement already written).
 */
export async function transition<K extends keyof Repos>(
  deps: ServiceDeps<K>,
  lost: AppError,
  work: (tx: Pick<Repos, K>) => Promise<void>,
) {
  try {
    await deps.store.transaction(work);
  } catch (err) {
    if (err instanceof AlreadyMovedError || isUniqueViolation(err)) throw lost;
    throw err;
  }
}

/**
 * Product requests seen from the merchant's side (SPEC §2-§4): the merchant's tabs, the details
 * (staff: their branch; couriers: their assignments), marking a pickup picked, assigning deliveries
 * to a courier and confirming refunds. docs/domain.md has the state machine.
 */
export function productRequestsService(
  deps: ServiceDeps<'journal' | 'ledger' | 'productRequests' | 'products' | 'settlements'>,
  notify: Notifier = silentNotifier,
  overrides?: Pick<PermissionsService, 'requireOverrideFor'>,
) {
  const repo = deps.store.productRequests;

  async function load(scope: RequestScope, id: number) {
    const row = await repo.byId(scope, id);
    if (!row) throw notFound('productRequestNotFound');
    return row;
  }
  const one = async (scope: RequestScope, id: number): Promise<ProductRequest> =>
    toProductRequest(await load(scope, id));

  return {
    one,

    async list(caller: MerchantCaller, v: ApiParsedBody<'merchant/product/req/list'>) {
      const f = {
        type: v.type,
        isCanceled: v.isCanceled,
        status: v.status,
        toAccept: v.toAccept,
        noCourier: v.noCourier,
      };
      const { rows, count } = await repo.list(scopeOf(caller), f, pageOf(v));
      return { productRequests: { rows: rows.map((r) => toProductRequest(r)), count } };
    },

    details: (caller: MerchantCaller, id: number) => one(scopeOf(caller), id),

    /**
     * merchant/product/req/changeStatus: a pending pickup of a product without delivery becomes done
     * (picked, SPEC §4: `canMarkPicked`); nothing else.
     */
    async changeStatus(caller: MerchantCaller, v: { id: number; status: string }): Promise<ProductRequest> {
      const scope = scopeOf(caller);
      const req = await load(scope, v.id);
      if (v.status !== 'done') throw conflict('invalidStatusChange');
      if (req.type !== 'pickup') throw conflict('notAPickup');
      if (req.status !== 'pending') throw conflict('orderNotPending');
      if (req.productDeliveryAvailability === 1) throw conflict('pickupOfDeliveredProduct');
      await transition(deps, conflict('orderNotPending'), async (tx) => {
        const picked = await applyTransition(tx, caller, {
          // the same rule in the update itself: a product given delivery meanwhile is refused too
          change: () => tx.productRequests.completePickup(req.id, caller.actor),
          alongside: () => settleCompleted(tx, req),
          audit: {
            action: 'productRequest.pickup',
            entity: 'productRequest',
            entityId: req.id,
            branchId: req.branchId,
            before: { status: 'pending' },
            after: { status: 'done' },
          },
          event: productEvent(req, 'picked', 'done'),
        });
        if (!picked) {
          const now = await tx.productRequests.byId(scope, req.id);
          throw conflict(
            now?.status === 'pending' && now.productDeliveryAvailability === 1
              ? 'pickupOfDeliveredProduct'
              : 'orderNotPending',
          );
        }
      });
      return one(scope, req.id);
    },

    /**
     * Assigns pending delivery requests that are not started to an active courier of the merchant,
     * all or none. Re-assigning before the courier starts is allowed; afterwards it answers 409.
     * Staff (merchantUser/..., issue 27) reach only their branch's requests and couriers.
     */
    async assignDelivery(caller: MerchantCaller, v: { productRequestIds: number[]; employeeId: number }) {
      const courier = await repo.employee(caller.merchantId, v.employeeId);
      if (
        !courier ||
        (caller.branchId !== undefined && (caller.branchId === null || courier.branchId !== caller.branchId))
      )
        throw notFound('employeeNotFound');
      if (courier.rule !== 'delivery') throw conflict('notACourier');
      if (courier.isActive !== 1) throw conflict('courierInactive');
      const scope = scopeOf(caller);
      const found: Awaited<ReturnType<typeof load>>[] = [];
      for (const id of v.productRequestIds) found.push(await load(scope, id));
      await transition(deps, conflict('cannotAssignDelivery'), async (tx) => {
        for (const req of found) {
          const assigned = await applyTransition(tx, caller, {
            change: () => tx.productRequests.assign(caller.merchantId, req.id, courier.id, newDeliveryPin()),
            audit: {
              action: 'productRequest.assign',
              entity: 'productRequest',
              entityId: req.id,
              branchId: req.branchId,
              before: { employeeId: req.employeeId, deliveryStatus: req.deliveryStatus },
              after: { employeeId: courier.id, deliveryStatus: 'pending' },
            },
            event: productEvent({ ...req, employeeId: courier.id }, 'assigned', 'pending'),
          });
          // all or none: one order that can no longer be assigned rolls the others back
          if (!assigned) throw conflict('cannotAssignDelivery');
        }
      });
      const assigned: ProductRequest[] = [];
      for (const id of v.productRequestIds) assigned.push(await one(scope, id));
      for (const req of assigned)
        notify.notifyStaffMember(courier.id, {
          title: 'pushDeliveryTitle',
          body: 'pushDeliveryBody',
          vars: { name: req.user.name, subject: { en: req.Product.name, ar: req.Product.nameAr } },
          data: { id: req.id, type: 'delivery' },
        });
      return { assigned };
    },

    /**
     * user/req/confirm/refund: refund.pending → refund.done; points back, stock back, a refund line, once.
     * Staff (merchantUser/req/confirm/refund, issue 27): their branch's, and with the merchant's refund
     * threshold on, only with the manager's override PIN.
     */
    async confirmRefund(caller: MerchantCaller, v: { reqId: number; comment: string }): Promise<ProductRequest> {
      const scope = scopeOf(caller);
      const req = await load(scope, v.reqId);
      if (req.status !== 'refund.pending') throw conflict('refundNotPending');
      await overrides?.requireOverrideFor(caller, { refund: true });
      await transition(deps, conflict('refundNotPending'), async (tx) => {
        const refunded = await applyTransition(tx, caller, {
          change: () => tx.productRequests.confirmRefund(req.id, v.comment, caller.actor),
          alongside: () => settleRefunded(tx, req),
          audit: {
            action: 'productRequest.refund',
            entity: 'productRequest',
            entityId: req.id,
            branchId: req.branchId,
            before: { status: 'refund.pending' },
            after: { status: 'refund.done', comment: v.comment },
          },
          event: productEvent(req, 'refunded', 'refund.done'),
        });
        if (!refunded) throw conflict('refundNotPending');
      });
      return one(scope, req.id);
    },

    /**
     * A pending product request (a delivery not yet started) → rejected with a reason: the product
     * goes back to stock, no points or settlement move (nothing was taken). Rejecting it again
     * answers it as it is; any other state answers 409 (docs/domain.md "Rejected requests").
     */
    async reject(caller: MerchantCaller, v: { reqId: number; reason: string }): Promise<ProductRequest> {
      const scope = scopeOf(caller);
      const req = await load(scope, v.reqId);
      if (req.status === 'rejected') return toProductRequest(req);
      const refused = conflict('cannotRejectOrder');
      if (req.status !== 'pending' || (req.deliveryStatus !== null && req.deliveryStatus !== 'pending')) throw refused;
      // a reject that lost to a concurrent reject answers the rejected request like a later repeat
      // (found by the proof races on PostgreSQL); lost to anything else it answers 409
      let lost = false;
      await transition(deps, refused, async (tx) => {
        lost = !(await applyTransition(tx, caller, {
          change: () => tx.productRequests.reject(req.id, v.reason, caller.actor),
          alongside: () => returnProductStock(tx, req.productId),
          audit: rejection('productRequest', req, v.reason),
          event: productEvent(req, 'rejected', 'rejected'),
        }));
      });
      if (lost) {
        const after = await load(scope, req.id);
        if (after.status !== 'rejected') throw refused;
        return toProductRequest(after);
      }
      return one(scope, req.id);
    },

    /** A courier's assignments, newest first (merchant/user/details `merchantUser.ProductRequests`). */
    async assignmentsOf(merchantId: number, employeeId: number): Promise<ProductRequest[]> {
      return (await repo.assignedTo(merchantId, employeeId, ASSIGNMENTS_SHOWN)).map((r) => toProductRequest(r));
    },

    /** The courier's deliveries not yet delivered (pending or in progress): the dashboard count. */
    openDeliveriesCount: (merchantId: number, employeeId: number) => repo.countOpenDeliveries(merchantId, employeeId),

    /** New requests waiting to be accepted: the merchant's (branchId undefined) or a branch's. */
    toAcceptCount: (merchantId: number, branchId?: number | null) => repo.countUnaccepted(merchantId, branchId),

    /** Pending deliveries without a courier: the merchant's (branchId undefined) or a branch's. */
    withoutCourierCount: (merchantId: number, branchId?: number | null) =>
      repo.countWithoutCourier(merchantId, branchId),
  };
}

export type ProductRequestsService = ReturnType<typeof productRequestsService>;
