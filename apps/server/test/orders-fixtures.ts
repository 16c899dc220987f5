/**
 * Fixtures of the product-request tests: a live merchant with two branches, a staff member at each,
 * two couriers and a product (written straight to the database; the catalogue's calls are tested
 * elsewhere), customers with an address, and orders made through the customer API.
 */
import { expect } from 'vitest';
import { nowIso } from '../src/db/dialect';
import { branchFixture, customerFixture, liveMerchant, staffFixture } from './fixtures-requests';
import { type Res, staffLogin, type TestServer } from './harness';

export interface ProductOptions {
  stockAmount?: number;
  points?: number;
  priceCents?: number;
  deliveryAvailability?: boolean;
  isActive?: boolean;
}

export async function orderProduct(t: TestServer, merchantId: number, o: ProductOptions = {}) {
  const now = nowIso();
  return t.db
    .insertInto('products')
    .values({
      merchantId,
      name: 'Saffron coffee beans',
      nameAr: 'حبوب قهوة بالزعفران',
      description: 'Arabica beans roasted with saffron and cardamom in small batches.',
      descriptionAr: 'حبوب أرابيكا محمصة مع الزعفران والهيل على دفعات صغيرة.',
      priceCents: o.priceCents ?? 1250,
      stockAmount: o.stockAmount ?? 5,
      points: o.points ?? 40,
      image: null,
      rate: 0,
      deliveryAvailability: o.deliveryAvailability ? 1 : 0,
      isActive: o.isActive === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'points', 'priceCents'])
    .executeTakeFirstOrThrow();
}

/**
 * A live merchant, its branches, staff at each, two couriers at the first branch and two products:
 * `product`, picked up (no delivery: SPEC §4's Picked is for those), and `deliveryProduct`, which is
 * delivered (the options apply to both).
 */
export async function orderShop(t: TestServer, product: ProductOptions = {}) {
  const merchant = await liveMerchant(t);
  const branch = await branchFixture(t, merchant.id);
  const otherBranch = await branchFixture(t, merchant.id);
  const staff = await staffFixture(t, merchant.id, branch.id);
  const otherStaff = await staffFixture(t, merchant.id, otherBranch.id);
  const courier = await staffLogin(t, merchant.id, branch.id, 'delivery');
  const otherCourier = await staffLogin(t, merchant.id, branch.id, 'delivery');
  const p = await orderProduct(t, merchant.id, product);
  const delivered = await orderProduct(t, merchant.id, { ...product, deliveryAvailability: true });
  return {
    merchant,
    branch,
    otherBranch,
    staff,
    otherStaff,
    courier,
    otherCourier,
    product: p,
    deliveryProduct: delivered,
  };
}

export type OrderShop = Awaited<ReturnType<typeof orderShop>>;

/** A customer with `points` and a Doha address. */
export async function buyer(t: TestServer, points = 0, name = 'Mariam Al-Kuwari') {
  const c = await customerFixture(t, points, name);
  const res = await t.call(
    'user/address/add',
    { address1: 'Building 12, Street 840', area: 'Al Sadd', city: 'Doha', lat: 25.2847, long: 51.5035 },
    { token: c.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...c, addressId: res.body.data.id as number };
}

export type Buyer = Awaited<ReturnType<typeof buyer>>;

export interface OrderOptions {
  type?: 'pickup' | 'delivery';
  payWith?: 'points' | 'price';
  branchId?: number;
  productId?: number;
}

export const placeOrder = (t: TestServer, s: OrderShop, c: Buyer, o: OrderOptions = {}): Promise<Res> =>
  t.call(
    'user/product/request',
    {
      productId: o.productId ?? ((o.type ?? 'pickup') === 'delivery' ? s.deliveryProduct.id : s.product.id),
      branchId: o.branchId ?? s.branch.id,
      type: o.type ?? 'pickup',
      addressId: (o.type ?? 'pickup') === 'delivery' ? c.addressId : undefined,
      payWith: o.payWith ?? 'points',
    },
    { token: c.token },
  );

/** An order that must succeed; answers its id. */
export async function order(t: TestServer, s: OrderShop, c: Buyer, o: OrderOptions = {}): Promise<number> {
  const res = await placeOrder(t, s, c, o);
  if (res.status !== 200) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Calls that must succeed. */
export async function ok(res: Promise<Res>): Promise<any> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

export const assign = (t: TestServer, s: OrderShop, ids: number[], employeeId = s.courier.id) =>
  t.call(
    'merchant/product/employee/assignDelivery',
    { productRequestIds: JSON.stringify(ids), employeeId },
    {
      token: s.merchant.token,
    },
  );

/** The code the customer reads in user/product/req/list and tells the courier (issue 26). */
export const pinOf = async (t: TestServer, id: number) =>
  (await t.db.selectFrom('productRequests').select('deliveryPin').where('id', '=', id).executeTakeFirstOrThrow())
    .deliveryPin ?? '';

/** A courier's move; done carries the customer's code. */
export const moveDelivery = async (t: TestServer, token: string, id: number, deliveryStatus: string) =>
  t.call(
    'merchantUser/product/req/changeStatus',
    deliveryStatus === 'done' ? { id, deliveryStatus, pin: await pinOf(t, id) } : { id, deliveryStatus },
    { token },
  );

/** Orders a delivery, assigns it to the store's courier and delivers it. */
export async function deliveredOrder(t: TestServer, s: OrderShop, c: Buyer, payWith: 'points' | 'price' = 'points') {
  const id = await order(t, s, c, { type: 'delivery', payWith });
  await ok(assign(t, s, [id]));
  await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
  await ok(moveDelivery(t, s.courier.token, id, 'done'));
  return id;
}

/** Orders a pickup and marks it picked. */
export async function pickedOrder(t: TestServer, s: OrderShop, c: Buyer, payWith: 'points' | 'price' = 'points') {
  const id = await order(t, s, c, { type: 'pickup', payWith });
  await ok(t.call('merchant/product/req/changeStatus', { id, status: 'done' }, { token: s.merchant.token }));
  return id;
}

export const stockOf = async (t: TestServer, productId: number) =>
  (await t.db.selectFrom('products').select('stockAmount').where('id', '=', productId).executeTakeFirstOrThrow())
    .stockAmount;

export const requestRow = (t: TestServer, id: number) =>
  t.db.selectFrom('productRequests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const settlementsOf = (t: TestServer, productRequestId: number) =>
  t.db.selectFrom('settlements').selectAll().where('productRequestId', '=', productRequestId).execute();

export async function settlementLines(t: TestServer, productRequestId: number) {
  const [s] = await settlementsOf(t, productRequestId);
  if (!s) return [];
  return t.db
    .selectFrom('settlementDetails')
    .select(['kind', 'amountCents', 'userId'])
    .where('settlementId', '=', s.id)
    .orderBy('id')
    .execute();
}

export const ledgerRows = (t: TestServer, reference: string) =>
  t.db.selectFrom('ledgerEntries').selectAll().where('reference', '=', reference).orderBy('id').execute();

export { balanceOf, expectLedgerInvariant, withRequestsServer } from './fixtures-requests';
export { staffLogin } from './harness';
