/**
 * The product-orders part of the demo: Doha addresses for the demo customers, and product requests
 * in every state (pending, picked, assigned, on the way, delivered, canceled, a refund waiting for
 * the merchant and a confirmed one), made and moved through the same services as the API.
 * Running it again adds nothing twice.
 */
import type { CustomerCaller, MerchantCaller } from '../../core/caller';
import type { Deps } from '../../core/deps';
import { AppError } from '../../core/errors';
import { acceptInTimeService } from '../../modules/product-requests/accept-in-time.service';
import { customerOrdersService } from '../../modules/product-requests/customer-orders.service';
import { deliveriesService } from '../../modules/product-requests/deliveries.service';
import { productRequestsService } from '../../modules/product-requests/product-requests.service';
import { DEMO } from './demo-data';

/** One address per demo customer, in DEMO.customers order (Doha). */
const ADDRESSES: { address1: string; address2?: string; area: string; city: string; lat: number; long: number }[] = [
  {
    address1: 'Tower 3, Diplomatic Street',
    address2: 'Apartment 1204',
    area: 'West Bay',
    city: 'Doha',
    lat: 25.3226,
    long: 51.526,
  },
  { address1: 'Building 12, Street 840', area: 'Al Sadd', city: 'Doha', lat: 25.2847, long: 51.5035 },
  {
    address1: 'Villa 7, Al Kahraba Street',
    address2: 'Near the mosque',
    area: 'Msheireb',
    city: 'Doha',
    lat: 25.287,
    long: 51.526,
  },
];

type Step = 'pending' | 'assigned' | 'inProgress' | 'done' | 'canceled' | 'refundPending' | 'refundDone';

interface PlannedOrder {
  customer: number;
  product: string;
  branch: number;
  type: 'pickup' | 'delivery';
  payWith: 'points' | 'price';
  step: Step;
  /** The customer's refund reason, then the merchant's comment. */
  refund?: [string, string?];
}

const PLAN: Record<string, PlannedOrder[]> = {
  '97450000001': [
    { customer: 0, product: 'Cardamom latte', branch: 0, type: 'delivery', payWith: 'points', step: 'assigned' },
    { customer: 1, product: 'Cardamom latte', branch: 0, type: 'delivery', payWith: 'price', step: 'inProgress' },
    { customer: 2, product: 'Cardamom latte', branch: 0, type: 'delivery', payWith: 'price', step: 'done' },
    { customer: 0, product: 'Cardamom latte', branch: 0, type: 'delivery', payWith: 'price', step: 'pending' },
    { customer: 1, product: 'Cardamom latte', branch: 1, type: 'delivery', payWith: 'price', step: 'assigned' },
    // pickups are of a product without delivery: SPEC §4's Picked is for those
    { customer: 0, product: 'Saffron date cake', branch: 0, type: 'pickup', payWith: 'points', step: 'pending' },
    { customer: 1, product: 'Saffron date cake', branch: 1, type: 'pickup', payWith: 'price', step: 'done' },
    { customer: 2, product: 'Saffron date cake', branch: 0, type: 'pickup', payWith: 'price', step: 'canceled' },
    {
      customer: 0,
      product: 'Saffron date cake',
      branch: 0,
      type: 'pickup',
      payWith: 'points',
      step: 'refundPending',
      refund: ['The cake was dry when I picked it up'],
    },
    {
      customer: 1,
      product: 'Cardamom latte',
      branch: 0,
      type: 'delivery',
      payWith: 'points',
      step: 'refundDone',
      refund: ['Delivered to the wrong building', 'Refunded in full, sorry for the trouble'],
    },
  ],
  '97450000002': [
    { customer: 2, product: 'Luqaimat box', branch: 0, type: 'pickup', payWith: 'price', step: 'pending' },
    { customer: 0, product: 'Luqaimat box', branch: 0, type: 'pickup', payWith: 'points', step: 'done' },
  ],
};

const ownerOf = (merchantId: number): MerchantCaller => ({
  sessionId: 0,
  role: 'merchant',
  id: merchantId,
  type: 'merchant',
  actor: { type: 'merchant', id: merchantId },
  isOwner: true,
  merchantId,
  branchId: undefined,
});
const courierOf = (merchantId: number, id: number, branchId: number | null): MerchantCaller => ({
  sessionId: 0,
  role: 'delivery',
  id,
  type: 'merchantUser',
  actor: { type: 'merchantUser', id },
  isOwner: false,
  merchantId,
  branchId,
});
const customerOf = (id: number): CustomerCaller => ({ sessionId: 0, id, type: 'user', actor: { type: 'user', id } });

export async function seedOrders(deps: Deps, print: (line: string) => void): Promise<void> {
  const { store } = deps;
  const requests = productRequestsService(deps);
  const deliveries = deliveriesService(deps);
  const orders = customerOrdersService(deps, requests);
  // an order past its first step was accepted by the branch (docs/domain.md, "Accepting in time"):
  // the sweep leaves it alone; the pending ones wait for a person, and go after the merchant's limit
  const accepting = acceptInTimeService(deps);

  const customers: { id: number; name: string; addressId: number }[] = [];
  for (const [i, c] of DEMO.customers.entries()) {
    const row = await store.demo.customer(c.mobile);
    if (!row) continue;
    let [address] = await store.productRequests.addressesOf(row.id);
    if (!address) {
      const a = ADDRESSES[i % ADDRESSES.length];
      const added = await orders.addAddress(customerOf(row.id), a);
      address = { ...added, userId: row.id, createdAt: '' };
      print(`  ${row.name}'s address: ${a.address1}, ${a.area}`);
    }
    customers[i] = { id: row.id, name: row.name, addressId: address.id };
  }

  for (const m of DEMO.merchants) {
    const merchantId = await store.demo.merchantId(m.mobile);
    const plan = PLAN[m.mobile];
    if (merchantId === undefined || !plan) continue;
    const existing = await store.productRequests.list({ merchantId }, {}, { limit: 1, offset: 0 });
    if (existing.count > 0) continue;
    const branchIds = await store.demo.branchIdsOf(merchantId);
    const owner = ownerOf(merchantId);
    const couriers = (await store.staff.list({ merchantId, rule: 'delivery' }, { limit: 100, offset: 0 })).rows;
    for (const o of plan) {
      const customer = customers[o.customer];
      const product = await store.demo.product(merchantId, o.product);
      const branchId = branchIds[o.branch];
      const courier = couriers.find((c) => c.branchId === branchId) ?? couriers[0];
      if (!customer || !product || branchId === undefined) continue;
      const what = `${customer.name} ordered ${o.product} (${o.type}, ${o.payWith}): ${o.step}`;
      try {
        const { id } = await orders.order(customerOf(customer.id), {
          productId: product.id,
          branchId,
          type: o.type,
          addressId: o.type === 'delivery' ? customer.addressId : undefined,
          payWith: o.payWith,
        });
        if (o.step !== 'pending' && o.step !== 'canceled') await accepting.accept(owner, { id, prepMinutes: 15 }, 'en');
        const asCourier = courier ? courierOf(merchantId, courier.id, courier.branchId) : undefined;
        const complete = async () => {
          if (o.type === 'pickup') return requests.changeStatus(owner, { id, status: 'done' });
          if (!asCourier) return;
          await requests.assignDelivery(owner, { productRequestIds: [id], employeeId: asCourier.id });
          await deliveries.changeStatus(asCourier, { id, deliveryStatus: 'inProgress' });
          const pin = await deliveries.pinForDemo(asCourier, id);
          await deliveries.changeStatus(asCourier, { id, deliveryStatus: 'done', pin });
        };
        if (o.step === 'canceled') await orders.cancel(customerOf(customer.id), id);
        if ((o.step === 'assigned' || o.step === 'inProgress') && asCourier) {
          await requests.assignDelivery(owner, { productRequestIds: [id], employeeId: asCourier.id });
          if (o.step === 'inProgress') await deliveries.changeStatus(asCourier, { id, deliveryStatus: 'inProgress' });
        }
        if (o.step === 'done' || o.step === 'refundPending' || o.step === 'refundDone') await complete();
        if (o.step === 'refundPending' || o.step === 'refundDone')
          await orders.askRefund(customerOf(customer.id), { id, comment: o.refund?.[0] });
        if (o.step === 'refundDone')
          await requests.confirmRefund(owner, { reqId: id, comment: o.refund?.[1] ?? 'Refunded' });
        print(`  ${what}`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        print(`  skipped ${what}: ${err.key}`);
      }
    }
  }
}
