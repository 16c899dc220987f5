/** The courier's side: their own deliveries in two lists, the delivery status, the dashboard count. */
import { describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import {
  assign,
  balanceOf,
  buyer,
  ledgerRows,
  moveDelivery,
  ok,
  order,
  orderShop,
  requestRow,
  settlementsOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const lists = (token: string) => ok(t.call('merchantUser/product/req/list', {}, { token }));
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('merchantUser/product/req/list', () => {
  it("answers the courier's own pending and in-progress deliveries with User, UserAddress and Product", async () => {
    const s = await orderShop(t, { priceCents: 1250, points: 40 });
    const c = await buyer(t, 500);
    const [a, b, x] = [
      await order(t, s, c, { type: 'delivery' }),
      await order(t, s, c, { type: 'delivery' }),
      await order(t, s, c, { type: 'delivery' }),
    ];
    await ok(assign(t, s, [a, b]));
    await ok(assign(t, s, [x], s.otherCourier.id));
    await ok(moveDelivery(t, s.courier.token, b, 'inProgress'));
    const mine = await lists(s.courier.token);
    expect(ids(mine.pendingDeliveryProductRequests)).toEqual([a]);
    expect(ids(mine.inProgressDeliveryProductRequests)).toEqual([b]);
    expect(mine.pendingDeliveryProductRequests[0]).toMatchObject({
      type: 'delivery',
      status: 'pending',
      deliveryStatus: 'pending',
      User: { id: c.id, name: c.name, mobile: c.mobile },
      UserAddress: { id: c.addressId, Address: { address1: 'Building 12, Street 840', lat: 25.2847, long: 51.5035 } },
      Product: { id: s.deliveryProduct.id, name: 'Saffron coffee beans', price: 12.5, points: 40 },
      Branch: { id: s.branch.id },
    });
    const theirs = await lists(s.otherCourier.token);
    expect(ids(theirs.pendingDeliveryProductRequests)).toEqual([x]);
    expect(theirs.inProgressDeliveryProductRequests).toEqual([]);
    // done deliveries leave the lists
    await ok(moveDelivery(t, s.courier.token, b, 'done'));
    expect((await lists(s.courier.token)).inProgressDeliveryProductRequests).toEqual([]);
  });

  it('is the couriers’ alone (SPEC §6): staff and the merchant get 403', async () => {
    const s = await orderShop(t);
    for (const token of [s.staff.token, s.merchant.token]) {
      expect((await t.call('merchantUser/product/req/list', {}, { token })).status).toBe(403);
      expect(
        (await t.call('merchantUser/product/req/changeStatus', { id: 1, deliveryStatus: 'done' }, { token })).status,
      ).toBe(403);
    }
  });
});

describe('merchantUser/product/req/changeStatus', () => {
  it('moves pending → inProgress → done; done completes the request with its points and settlement', async () => {
    const s = await orderShop(t, { points: 40, priceCents: 1250 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [id]));
    const started = await moveDelivery(t, s.courier.token, id, 'inProgress');
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ id, status: 'pending', deliveryStatus: 'inProgress' });
    expect(await settlementsOf(t, id)).toEqual([]);
    const done = await moveDelivery(t, s.courier.token, id, 'done');
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id, status: 'done', deliveryStatus: 'done' });
    const row = await requestRow(t, id);
    expect(row).toMatchObject({
      status: 'done',
      deliveryStatus: 'done',
      doneByType: 'merchantUser',
      doneById: s.courier.id,
    });
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(40);
    expect(await ledgerRows(t, `product_request:${id}`)).toHaveLength(2);
    expect((await settlementsOf(t, id)).map((x) => [x.status, x.amountCents])).toEqual([['initial', 1250]]);
    // the merchant's details show it delivered
    const details = await ok(t.call('merchant/product/req/details', { id }, { token: s.merchant.token }));
    expect(details).toMatchObject({ status: 'done', deliveryStatus: 'done', DeliveryEmployee: { id: s.courier.id } });
  });

  it('refuses every other step with 409 and changes nothing', async () => {
    const s = await orderShop(t, { stockAmount: 10 });
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [id]));
    const refused = async (deliveryStatus: string) => {
      const res = await moveDelivery(t, s.courier.token, id, deliveryStatus);
      expect(res.status, deliveryStatus).toBe(409);
      expect(res.body.message).toBe('A delivery moves only from pending to in progress to done');
    };
    await refused('done'); // not started
    await refused('pending');
    await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
    await refused('inProgress');
    await refused('pending');
    await ok(moveDelivery(t, s.courier.token, id, 'done'));
    await refused('done');
    await refused('inProgress');
    expect(await settlementsOf(t, id)).toHaveLength(1);
    // a canceled delivery cannot be started
    const gone = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [gone]));
    await ok(t.call('user/product/req/cancel', { id: gone }, { token: c.token }));
    expect((await moveDelivery(t, s.courier.token, gone, 'inProgress')).status).toBe(409);
    const bad = await moveDelivery(t, s.courier.token, id, 'delivered');
    expect(bad.status).toBe(422);
  });

  it("a courier can neither see nor move another courier's delivery, nor one not assigned (404)", async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery' });
    const unassigned = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [id]));
    for (const [token, target] of [
      [s.otherCourier.token, id],
      [s.courier.token, unassigned],
    ] as const) {
      const seen = await t.call('merchantUser/product/req/details', { id: target }, { token });
      expect(seen.status).toBe(404);
      expect(seen.body.message).toBe('Order not found');
      expect((await moveDelivery(t, token, target, 'inProgress')).status).toBe(404);
    }
    const other = await orderShop(t);
    expect((await moveDelivery(t, other.courier.token, id, 'inProgress')).status).toBe(404);
    expect((await requestRow(t, id)).deliveryStatus).toBe('pending');
    // the assigned courier sees it, with the customer's phone and address
    const mine = await ok(t.call('merchantUser/product/req/details', { id }, { token: s.courier.token }));
    expect(mine).toMatchObject({ id, user: { mobile: c.mobile }, UserAddress: { Address: { city: 'Doha' } } });
  });
});

describe("the courier's dashboard (merchantUser/me)", () => {
  it('counts the deliveries not yet delivered (pending and in progress)', async () => {
    const s = await orderShop(t, { stockAmount: 10 });
    const c = await buyer(t, 500);
    const count = async (token: string) =>
      (await ok(t.call('merchantUser/me', {}, { token }))).counts.pendingDeliveries as number;
    expect(await count(s.courier.token)).toBe(0);
    const [a, b, x] = [
      await order(t, s, c, { type: 'delivery' }),
      await order(t, s, c, { type: 'delivery' }),
      await order(t, s, c, { type: 'delivery' }),
    ];
    await ok(assign(t, s, [a, b, x]));
    expect(await count(s.courier.token)).toBe(3);
    await ok(moveDelivery(t, s.courier.token, a, 'inProgress'));
    expect(await count(s.courier.token)).toBe(3);
    await ok(moveDelivery(t, s.courier.token, a, 'done'));
    await ok(t.call('user/product/req/cancel', { id: x }, { token: c.token }));
    expect(await count(s.courier.token)).toBe(1);
    expect(await count(s.otherCourier.token)).toBe(0);
    expect(await count(s.staff.token)).toBe(0);
  });
});
