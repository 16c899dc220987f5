/**
 * The merchant's side of product requests: the tabs, details (staff: their branch), marking a pickup
 * picked, assigning deliveries, confirming refunds, and the points, stock and settlements they move.
 */
import { describe, expect, it } from 'vitest';
import { LEDGER_REASONS, move } from '../src/platform/ledger/ledger.service';
import { staffFixture } from './fixtures-requests';
import type { TestServer } from './harness';
import {
  assign,
  balanceOf,
  buyer,
  deliveredOrder,
  ledgerRows,
  moveDelivery,
  type OrderShop,
  ok,
  order,
  orderShop,
  pickedOrder,
  requestRow,
  settlementLines,
  settlementsOf,
  stockOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const pick = (s: OrderShop, id: number, status = 'done', token = s.merchant.token) =>
  t.call('merchant/product/req/changeStatus', { id, status }, { token });
const confirm = (s: OrderShop, reqId: number, comment?: string) =>
  t.call('user/req/confirm/refund', { reqId, comment }, { token: s.merchant.token });
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('merchant/product/req/list', () => {
  it('answers the PickUp, Delivery and Canceled tabs newest first in data.productRequests.rows', async () => {
    const s = await orderShop(t, { stockAmount: 20 });
    const c = await buyer(t, 500);
    const p1 = await order(t, s, c, { type: 'pickup' });
    const d1 = await order(t, s, c, { type: 'delivery' });
    const p2 = await order(t, s, c, { type: 'pickup', branchId: s.otherBranch.id });
    const d2 = await order(t, s, c, { type: 'delivery' });
    const gone = await order(t, s, c, { type: 'delivery' });
    await ok(t.call('user/product/req/cancel', { id: gone }, { token: c.token }));
    const list = (f: Record<string, string | number>) =>
      ok(t.call('merchant/product/req/list', f, { token: s.merchant.token }));

    const pickups = await list({ type: 'pickup', isCanceled: 'false' });
    expect(pickups.productRequests.count).toBe(2);
    expect(ids(pickups.productRequests.rows)).toEqual([p2, p1]);
    const deliveries = await list({ type: 'delivery', isCanceled: 'false' });
    expect(ids(deliveries.productRequests.rows)).toEqual([d2, d1]);
    expect(deliveries.productRequests.rows[0]).toMatchObject({
      user: { name: c.name, mobile: c.mobile },
      Product: { name: 'Saffron coffee beans' },
      Branch: { branchName: s.branch.branchName, address: s.branch.address },
      UserAddress: { Address: { address1: 'Building 12, Street 840', city: 'Doha' } },
    });
    const canceled = await list({ isCanceled: 'true' });
    expect(ids(canceled.productRequests.rows)).toEqual([gone]);
    const page = await list({ limit: 2, pageNum: 2 });
    expect(page.productRequests.count).toBe(5);
    expect(ids(page.productRequests.rows)).toEqual([p2, d1]);

    // another merchant sees none of them
    const other = await orderShop(t);
    const theirs = await ok(t.call('merchant/product/req/list', {}, { token: other.merchant.token }));
    expect(theirs.productRequests).toEqual({ rows: [], count: 0 });
  });

  it('is the merchant’s alone: staff and couriers get 403', async () => {
    const s = await orderShop(t);
    for (const token of [s.staff.token, s.courier.token])
      expect((await t.call('merchant/product/req/list', {}, { token })).status).toBe(403);
  });
});

describe('product/req/details', () => {
  it('shows the merchant any request, staff only their branch’s (404 elsewhere), another merchant none', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const here = await order(t, s, c);
    const there = await order(t, s, c, { branchId: s.otherBranch.id });
    const details = (path: string, id: number, token: string) => t.call(path, { id }, { token });

    expect((await details('merchant/product/req/details', there, s.merchant.token)).body.data).toMatchObject({
      id: there,
      Branch: { id: s.otherBranch.id },
    });
    expect((await details('merchantUser/product/req/details', here, s.staff.token)).body.data.id).toBe(here);
    const far = await details('merchantUser/product/req/details', there, s.staff.token);
    expect(far.status).toBe(404);
    expect(far.body.message).toBe('Order not found');
    expect((await details('merchantUser/product/req/details', there, s.otherStaff.token)).status).toBe(200);
    const noBranch = await staffFixture(t, s.merchant.id, null);
    expect((await details('merchantUser/product/req/details', here, noBranch.token)).status).toBe(404);
    const other = await orderShop(t);
    expect((await details('merchant/product/req/details', here, other.merchant.token)).status).toBe(404);
    expect((await details('merchantUser/product/req/details', here, other.staff.token)).status).toBe(404);
    // a courier sees a request only once it is assigned to them
    expect((await details('merchantUser/product/req/details', here, s.courier.token)).status).toBe(404);
  });
});

describe('merchant/product/req/changeStatus (Picked)', () => {
  it('marks a pending pickup done: points to the merchant and a settlement (initial) in one go', async () => {
    const s = await orderShop(t, { points: 40, priceCents: 1250, stockAmount: 3 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    const res = await pick(s, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'done', doneAt: expect.any(String) });
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(40);
    const rows = await ledgerRows(t, `product_request:${id}`);
    expect(rows.map((r) => [r.accountType, r.delta, r.reason])).toEqual([
      ['user', -40, 'productRequest'],
      ['merchant', 40, 'productRequest'],
    ]);
    const [settlement, ...more] = await settlementsOf(t, id);
    expect(more).toEqual([]);
    expect(settlement).toMatchObject({ status: 'initial', amountCents: 1250, merchantId: s.merchant.id, userId: c.id });
    expect(await settlementLines(t, id)).toEqual([{ kind: 'sale', amountCents: 1250, userId: c.id }]);
    expect(await stockOf(t, s.product.id)).toBe(2);
    expect((await requestRow(t, id)).doneByType).toBe('merchant');
  });

  it('moves no points for a request paid with the price, and still writes its settlement', async () => {
    const s = await orderShop(t, { priceCents: 990 });
    const c = await buyer(t, 100);
    const id = await pickedOrder(t, s, c, 'price');
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(0);
    expect(await ledgerRows(t, `product_request:${id}`)).toEqual([]);
    expect((await settlementsOf(t, id)).map((x) => x.amountCents)).toEqual([990]);
  });

  it('refuses every other change with 409, changing nothing', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const pickup = await order(t, s, c);
    const delivery = await order(t, s, c, { type: 'delivery' });
    const canceled = await order(t, s, c);
    await ok(t.call('user/product/req/cancel', { id: canceled }, { token: c.token }));
    const cases: [number, string, string][] = [
      [pickup, 'canceled', 'This status change is not allowed'],
      [pickup, 'refund.done', 'This status change is not allowed'],
      [pickup, 'pending', 'This status change is not allowed'],
      [delivery, 'done', 'Only a pickup order can be marked picked; deliveries are completed by the courier'],
      [canceled, 'done', 'This order is no longer pending'],
    ];
    for (const [id, status, message] of cases) {
      const res = await pick(s, id, status);
      expect(res.status, `${id} → ${status}`).toBe(409);
      expect(res.body.message).toBe(message);
    }
    expect((await pick(s, pickup)).status).toBe(200);
    const twice = await pick(s, pickup);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This order is no longer pending');
    expect(await settlementsOf(t, pickup)).toHaveLength(1);
    expect(await settlementsOf(t, delivery)).toHaveLength(0);
    // staff may not mark a pickup (merchant call); another merchant's id is 404
    expect((await pick(s, delivery, 'done', s.staff.token)).status).toBe(403);
    expect((await pick(s, delivery, 'done', (await orderShop(t)).merchant.token)).status).toBe(404);
  });

  it('refuses a pickup of a product that has delivery (SPEC §4), also one given delivery after the order', async () => {
    const s = await orderShop(t, { points: 40, stockAmount: 3 });
    const c = await buyer(t, 500);
    const ofDelivered = await order(t, s, c, { type: 'pickup', productId: s.deliveryProduct.id });
    const details = await ok(t.call('merchant/product/req/details', { id: ofDelivered }, { token: s.merchant.token }));
    expect(details.Product).toMatchObject({ id: s.deliveryProduct.id, deliveryAvailability: true });
    const message = 'This product is delivered: only a pickup of a product without delivery can be marked picked';
    let res = await pick(s, ofDelivered);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
    // a pickup ordered while its product had no delivery, the product given delivery since
    const ofPickupOnly = await order(t, s, c);
    expect(
      (await ok(t.call('merchant/product/req/details', { id: ofPickupOnly }, { token: s.merchant.token }))).Product,
    ).toMatchObject({ deliveryAvailability: false });
    await t.db.updateTable('products').set({ deliveryAvailability: 1 }).where('id', '=', s.product.id).execute();
    res = await pick(s, ofPickupOnly);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
    for (const id of [ofDelivered, ofPickupOnly]) {
      expect((await requestRow(t, id)).status).toBe('pending');
      expect(await settlementsOf(t, id)).toEqual([]);
      expect(await ledgerRows(t, `product_request:${id}`)).toEqual([]);
    }
    expect(await balanceOf(t, 'user', c.id)).toBe(500);
  });

  it('rolls back when the customer spent the points meanwhile (409): still pending, no settlement', async () => {
    const s = await orderShop(t, { points: 40 });
    const c = await buyer(t, 40);
    const id = await order(t, s, c);
    await pickedOrder(t, s, c); // points are checked at order time, not reserved: a second order spends them
    const res = await pick(s, id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The customer does not have enough points');
    expect((await requestRow(t, id)).status).toBe('pending');
    expect(await settlementsOf(t, id)).toEqual([]);
  });
});

describe('merchant/product/employee/assignDelivery', () => {
  it('assigns pending deliveries to an active courier of the merchant: delivery status pending', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const [a, b] = [await order(t, s, c, { type: 'delivery' }), await order(t, s, c, { type: 'delivery' })];
    const res = await assign(t, s, [a, b]);
    expect(res.status).toBe(200);
    expect(ids(res.body.data.assigned)).toEqual([a, b]);
    expect(res.body.data.assigned[0]).toMatchObject({
      status: 'pending',
      deliveryStatus: 'pending',
      DeliveryEmployee: { id: s.courier.id },
    });
    // also as key[] repeats
    const c2 = await order(t, s, c, { type: 'delivery' });
    const repeated = await t.call(
      'merchant/product/employee/assignDelivery',
      { productRequestIds: [c2], employeeId: s.courier.id },
      { token: s.merchant.token },
    );
    expect(repeated.status).toBe(200);
    expect((await requestRow(t, c2)).employeeId).toBe(s.courier.id);
  });

  it('re-assigns before the courier starts; afterwards 409', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [id]));
    await ok(assign(t, s, [id], s.otherCourier.id));
    expect((await t.call('merchantUser/product/req/details', { id }, { token: s.courier.token })).status).toBe(404);
    await ok(moveDelivery(t, s.otherCourier.token, id, 'inProgress'));
    const late = await assign(t, s, [id]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Only pending delivery orders whose delivery has not started can be assigned');
    expect((await requestRow(t, id)).employeeId).toBe(s.otherCourier.id);
  });

  it('assigns all or none: a pickup, a canceled or a done request makes it 409 and nothing changes', async () => {
    const s = await orderShop(t, { stockAmount: 10 });
    const c = await buyer(t, 500);
    const fine = await order(t, s, c, { type: 'delivery' });
    const pickup = await order(t, s, c);
    const canceled = await order(t, s, c, { type: 'delivery' });
    await ok(t.call('user/product/req/cancel', { id: canceled }, { token: c.token }));
    const done = await deliveredOrder(t, s, c);
    for (const bad of [pickup, canceled, done]) {
      const res = await assign(t, s, [fine, bad], s.otherCourier.id);
      expect(res.status, String(bad)).toBe(409);
    }
    expect((await requestRow(t, fine)).employeeId).toBeNull();
    expect((await requestRow(t, fine)).deliveryStatus).toBeNull();
  });

  it('needs an active courier of the merchant and the merchant’s own requests', async () => {
    const s = await orderShop(t);
    const other = await orderShop(t);
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery' });
    const theirs = await order(t, other, c, { type: 'delivery' });
    const send = (productRequestIds: number[], employeeId: number) =>
      t.call(
        'merchant/product/employee/assignDelivery',
        { productRequestIds: JSON.stringify(productRequestIds), employeeId },
        { token: s.merchant.token },
      );
    const staffMember = await send([id], s.staff.id);
    expect(staffMember.status).toBe(409);
    expect(staffMember.body.message).toBe('This employee is not a delivery employee');
    const foreignCourier = await send([id], other.courier.id);
    expect(foreignCourier.status).toBe(404);
    expect(foreignCourier.body.message).toBe('Employee not found');
    await t.db.updateTable('merchantUsers').set({ isActive: 0 }).where('id', '=', s.otherCourier.id).execute();
    const inactive = await send([id], s.otherCourier.id);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe('This delivery employee is not active');
    const foreignRequest = await send([theirs], s.courier.id);
    expect(foreignRequest.status).toBe(404);
    expect(foreignRequest.body.message).toBe('Order not found');
    const none = await send([], s.courier.id);
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ field: 'productRequestIds', message: 'Please choose at least one order' }]);
    const noCourier = await t.call(
      'merchant/product/employee/assignDelivery',
      { productRequestIds: JSON.stringify([id]) },
      { token: s.merchant.token },
    );
    expect(noCourier.body.errors).toEqual([{ field: 'employeeId', message: 'Please choose a delivery employee' }]);
    expect((await requestRow(t, id)).employeeId).toBeNull();
  });
});

describe('user/req/confirm/refund', () => {
  it('confirms a refund once: refund.done with the comment, points and stock back, a refund line', async () => {
    const s = await orderShop(t, { points: 40, priceCents: 1250, stockAmount: 3 });
    const c = await buyer(t, 100);
    const id = await deliveredOrder(t, s, c);
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await stockOf(t, s.deliveryProduct.id)).toBe(2);
    const early = await confirm(s, id, 'ok');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('There is no refund waiting for confirmation');
    await ok(t.call('user/product/req/refund', { id, comment: 'Arrived broken' }, { token: c.token }));
    const missing = await confirm(s, id);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: 'comment', message: 'Field is required' }]);

    const res = await confirm(s, id, 'Refunded: broken in transit');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      status: 'refund.done',
      isRefund: true,
      refundReason: 'Arrived broken',
      refundComment: 'Refunded: broken in transit',
    });
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(0);
    expect((await ledgerRows(t, `product_refund:${id}`)).map((r) => [r.accountType, r.delta, r.reason])).toEqual([
      ['user', 40, 'productRefund'],
      ['merchant', -40, 'productRefund'],
    ]);
    expect(await stockOf(t, s.deliveryProduct.id)).toBe(3);
    expect(await settlementLines(t, id)).toEqual([
      { kind: 'sale', amountCents: 1250, userId: c.id },
      { kind: 'refund', amountCents: -1250, userId: c.id },
    ]);
    expect(await settlementsOf(t, id)).toHaveLength(1);

    const twice = await confirm(s, id, 'again');
    expect(twice.status).toBe(409);
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    expect(await stockOf(t, s.product.id)).toBe(3);
    expect((await requestRow(t, id)).refundComment).toBe('Refunded: broken in transit');
    // a refunded order cannot be refunded again
    expect((await t.call('user/product/req/refund', { id }, { token: c.token })).status).toBe(409);
  });

  it('moves no points back for a price-paid order; 409 and nothing changes when the merchant spent the points', async () => {
    const s = await orderShop(t, { points: 40, stockAmount: 5 });
    const c = await buyer(t, 100);
    const cash = await pickedOrder(t, s, c, 'price');
    await ok(t.call('user/product/req/refund', { id: cash }, { token: c.token }));
    await ok(confirm(s, cash, 'Returned at the counter'));
    expect(await ledgerRows(t, `product_refund:${cash}`)).toEqual([]);
    expect(await balanceOf(t, 'user', c.id)).toBe(100);

    const paid = await pickedOrder(t, s, c);
    await ok(t.call('user/product/req/refund', { id: paid }, { token: c.token }));
    await t.deps.store.transaction((tx) =>
      move(tx, {
        from: { type: 'merchant', id: s.merchant.id },
        amount: 30,
        reason: LEDGER_REASONS.grant,
        reference: `test-spend:${paid}`,
      }),
    );
    const res = await confirm(s, paid, 'Sorry');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Not enough points in the balance');
    expect((await requestRow(t, paid)).status).toBe('refund.pending');
    expect(await stockOf(t, s.product.id)).toBe(4);
    expect(await settlementLines(t, paid)).toHaveLength(1);
  });

  it('is the merchant’s: staff get 403 and another merchant 404', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const id = await pickedOrder(t, s, c);
    await ok(t.call('user/product/req/refund', { id }, { token: c.token }));
    expect(
      (await t.call('user/req/confirm/refund', { reqId: id, comment: 'x' }, { token: s.staff.token })).status,
    ).toBe(403);
    const other = await orderShop(t);
    expect(
      (await t.call('user/req/confirm/refund', { reqId: id, comment: 'x' }, { token: other.merchant.token })).status,
    ).toBe(404);
  });
});

describe("the merchant's view of a courier (merchant/user/details)", () => {
  it('lists the requests assigned to the courier, newest first', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const a = await order(t, s, c, { type: 'delivery' });
    const b = await order(t, s, c, { type: 'delivery' });
    await order(t, s, c, { type: 'delivery' }); // not assigned
    await ok(assign(t, s, [a, b]));
    const details = (merchantUserId: number) =>
      ok(t.call('merchant/user/details', { merchantUserId }, { token: s.merchant.token }));
    const courier = await details(s.courier.id);
    expect(ids(courier.merchantUser.ProductRequests)).toEqual([b, a]);
    expect(courier.merchantUser.ProductRequests[0]).toMatchObject({
      deliveryStatus: 'pending',
      user: { name: c.name },
    });
    expect((await details(s.otherCourier.id)).merchantUser.ProductRequests).toEqual([]);
  });
});
