/** The customer's side of product requests: addresses, ordering, canceling, asking for a refund. */
import { clock, messages } from '@loyalty/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { branchFixture, liveMerchant } from './fixtures-requests';
import type { TestServer } from './harness';
import {
  assign,
  type Buyer,
  balanceOf,
  buyer,
  moveDelivery,
  ok,
  order,
  orderProduct,
  orderShop,
  pickedOrder,
  placeOrder,
  requestRow,
  stockOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});
afterEach(() => clock.set());

const countRequests = async (productId: number) =>
  (await t.db.selectFrom('productRequests').select('id').where('productId', '=', productId).execute()).length;

describe('user/address/add', () => {
  it('saves an address of the customer and answers it', async () => {
    const c = await buyer(t);
    const res = await t.call(
      'user/address/add',
      { address1: 'Villa 3', address2: 'Gate B', area: 'West Bay', city: 'Doha', lat: '25.32', long: '51.53' },
      { token: c.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      address1: 'Villa 3',
      address2: 'Gate B',
      area: 'West Bay',
      city: 'Doha',
      lat: 25.32,
      long: 51.53,
    });
    const row = await t.db
      .selectFrom('userAddresses')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(c.id);
  });

  it('requires address1, area and city (422) and checks coordinates', async () => {
    const c = await buyer(t);
    const res = await t.call('user/address/add', { lat: 100 }, { token: c.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'address1', message: 'Field is required' },
        { field: 'area', message: 'Field is required' },
        { field: 'city', message: 'Field is required' },
        { field: 'lat', message: 'Invalid latitude' },
      ]),
    );
  });
});

describe('user/product/request', () => {
  it('orders a pickup paid with points: pending, one taken from stock, nothing moved yet', async () => {
    const s = await orderShop(t, { stockAmount: 5, points: 40, priceCents: 1250 });
    const c = await buyer(t, 100);
    const res = await placeOrder(t, s, c, { type: 'pickup', payWith: 'points' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'pickup',
      status: 'pending',
      isCanceled: false,
      isRefund: false,
      refundComment: null,
      deliveryStatus: null,
      payWith: 'points',
      points: 40,
      price: 12.5,
      doneAt: null,
      Product: { id: s.product.id, name: 'Saffron coffee beans' },
      Branch: { id: s.branch.id, branchName: s.branch.branchName, phone: '97444000000' },
      user: { id: c.id, name: c.name, mobile: c.mobile },
      UserAddress: null,
      DeliveryEmployee: null,
    });
    expect(await stockOf(t, s.product.id)).toBe(4);
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(0);
  });

  it('orders a delivery to one of the customer’s addresses, shown as UserAddress.Address; cash reads as price', async () => {
    const s = await orderShop(t);
    const c = await buyer(t);
    const res = await t.call(
      'user/product/request',
      {
        productId: s.deliveryProduct.id,
        branchId: s.branch.id,
        type: 'delivery',
        addressId: c.addressId,
        payWith: 'cash',
      },
      { token: c.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'delivery',
      payWith: 'price',
      deliveryStatus: null,
      UserAddress: {
        id: c.addressId,
        Address: { address1: 'Building 12, Street 840', area: 'Al Sadd', city: 'Doha', lat: 25.2847, long: 51.5035 },
      },
    });
  });

  it('refuses what cannot be ordered with 404 or 409 and a message, taking nothing', async () => {
    const s = await orderShop(t, { stockAmount: 3, points: 40 });
    const c = await buyer(t, 100);
    const other = await buyer(t, 100, 'Omar Haddad');
    const otherMerchant = await liveMerchant(t);
    const foreignBranch = await branchFixture(t, otherMerchant.id);
    const closedBranch = await branchFixture(t, s.merchant.id, { isActive: false });
    const pickupOnly = await orderProduct(t, s.merchant.id, { deliveryAvailability: false });
    const hidden = await orderProduct(t, s.merchant.id, { isActive: false });
    const empty = await orderProduct(t, s.merchant.id, { stockAmount: 0 });
    const poor = await buyer(t, 39);

    const cases: [string, Promise<{ status: number; body: { message: string } }>, number, string][] = [
      ['unknown product', placeOrder(t, s, c, { productId: 999_999 }), 404, 'Product not found'],
      ['unknown branch', placeOrder(t, s, c, { branchId: 999_999 }), 404, 'Branch not found'],
      [
        "another merchant's branch",
        placeOrder(t, s, c, { branchId: foreignBranch.id }),
        409,
        'This branch does not sell this product',
      ],
      ['inactive branch', placeOrder(t, s, c, { branchId: closedBranch.id }), 409, 'This branch is not active'],
      [
        'no delivery for this product',
        placeOrder(t, s, c, { productId: pickupOnly.id, type: 'delivery' }),
        409,
        'This product cannot be delivered',
      ],
      [
        'a delivery without an address',
        t.call(
          'user/product/request',
          { productId: s.deliveryProduct.id, branchId: s.branch.id, type: 'delivery', payWith: 'price' },
          { token: c.token },
        ),
        409,
        'Choose a delivery address',
      ],
      [
        "another customer's address",
        t.call(
          'user/product/request',
          {
            productId: s.deliveryProduct.id,
            branchId: s.branch.id,
            type: 'delivery',
            addressId: other.addressId,
            payWith: 'price',
          },
          { token: c.token },
        ),
        404,
        'Address not found',
      ],
      ['an inactive product', placeOrder(t, s, c, { productId: hidden.id }), 409, 'This product is not available'],
      ['out of stock', placeOrder(t, s, c, { productId: empty.id }), 409, 'This product is out of stock'],
      ['too few points', placeOrder(t, s, poor), 409, 'The customer does not have enough points'],
    ];
    for (const [what, res, status, message] of cases) {
      const r = await res;
      expect(r.status, what).toBe(status);
      expect(r.body.message, what).toBe(message);
    }
    expect(await stockOf(t, s.product.id)).toBe(3);
    expect(await countRequests(s.product.id)).toBe(0);
    // paying the price needs no points
    expect((await placeOrder(t, s, poor, { payWith: 'price' })).status).toBe(200);

    // a merchant that is not live (or not approved) sells nothing
    await t.call('merchant/goLive', { isLive: false }, { token: s.merchant.token });
    const notLive = await placeOrder(t, s, c);
    expect(notLive.status).toBe(409);
    expect(notLive.body.message).toBe('This merchant is not live');
    expect(await stockOf(t, s.product.id)).toBe(2);
  });

  it('takes the last items once: a product with 1 left is sold to one of two customers', async () => {
    const s = await orderShop(t, { stockAmount: 1 });
    const [a, b] = [await buyer(t, 100), await buyer(t, 100)];
    const results = await Promise.all([placeOrder(t, s, a), placeOrder(t, s, b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(t, s.product.id)).toBe(0);
  });

  it('needs a customer: staff and merchants get 403', async () => {
    const s = await orderShop(t);
    for (const token of [s.merchant.token, s.staff.token, s.courier.token])
      expect((await t.call('user/product/request', {}, { token })).status).toBe(403);
  });
});

describe('user/product/req/cancel', () => {
  it('cancels a pending order once: canceled, isCanceled, the item back in stock', async () => {
    const s = await orderShop(t, { stockAmount: 2 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    expect(await stockOf(t, s.product.id)).toBe(1);
    const res = await t.call('user/product/req/cancel', { id }, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'canceled', isCanceled: true });
    expect(await stockOf(t, s.product.id)).toBe(2);
    expect((await requestRow(t, id)).canceledAt).not.toBeNull();
    const again = await t.call('user/product/req/cancel', { id }, { token: c.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.cannotCancelOrder.en);
    expect(await stockOf(t, s.product.id)).toBe(2);
  });

  it("refuses an order the branch has accepted (only the branch cancels it then), in the customer's language", async () => {
    const s = await orderShop(t, { stockAmount: 2 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    const accepted = await t.call('merchant/product/req/accept', { id, prepMinutes: 15 }, { token: s.merchant.token });
    expect(accepted.status).toBe(200);
    const res = await t.call('user/product/req/cancel', { id }, { token: c.token, lang: 'ar' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.cannotCancelOrder.ar);
    expect(await requestRow(t, id)).toMatchObject({ status: 'pending', isCanceled: 0 });
    expect(await stockOf(t, s.product.id)).toBe(1);
  });

  it("refuses a done order, a delivery on its way (409) and another customer's order (404)", async () => {
    const s = await orderShop(t, { stockAmount: 5 });
    const c = await buyer(t, 500);
    const done = await pickedOrder(t, s, c);
    expect((await t.call('user/product/req/cancel', { id: done }, { token: c.token })).status).toBe(409);

    const assigned = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [assigned]));
    const started = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [started]));
    await ok(moveDelivery(t, s.courier.token, started, 'inProgress'));
    expect((await t.call('user/product/req/cancel', { id: started }, { token: c.token })).status).toBe(409);
    // assigned but not started: the customer may still cancel, and the courier's list loses it
    expect((await t.call('user/product/req/cancel', { id: assigned }, { token: c.token })).status).toBe(200);
    const lists = await ok(t.call('merchantUser/product/req/list', {}, { token: s.courier.token }));
    expect(lists.pendingDeliveryProductRequests).toEqual([]);

    const stranger: Buyer = await buyer(t);
    const foreign = await t.call('user/product/req/cancel', { id: started }, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Order not found');
    // one pickup taken; two deliveries taken, one canceled back
    expect(await stockOf(t, s.product.id)).toBe(5 - 1);
    expect(await stockOf(t, s.deliveryProduct.id)).toBe(5 - 2 + 1);
  });
});

describe('user/product/req/refund', () => {
  const refund = (c: Buyer, id: number, comment?: string) =>
    t.call('user/product/req/refund', { id, comment }, { token: c.token });

  it('asks for a refund of a done order: refund.pending, isRefund, the reason kept', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const id = await pickedOrder(t, s, c);
    const res = await refund(c, id, 'The beans were stale');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      status: 'refund.pending',
      isRefund: true,
      refundReason: 'The beans were stale',
      refundComment: null,
    });
    const again = await refund(c, id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a completed order can be refunded');
  });

  it('refuses a pending or canceled order and another customer’s', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const pending = await order(t, s, c);
    expect((await refund(c, pending)).status).toBe(409);
    await ok(t.call('user/product/req/cancel', { id: pending }, { token: c.token }));
    expect((await refund(c, pending)).status).toBe(409);
    const done = await pickedOrder(t, s, c);
    expect((await refund(await buyer(t), done)).status).toBe(404);
  });

  it("counts the merchant's refund period from completion; no period set means 7 days; 0 means no refunds", async () => {
    const s = await orderShop(t, { stockAmount: 10 });
    const c = await buyer(t, 1000);
    const later = (days: number) => {
      const at = Date.now() + days * 86_400_000;
      clock.set(() => new Date(at));
    };
    // no refund period set: 7 days
    const a = await pickedOrder(t, s, c);
    const b = await pickedOrder(t, s, c);
    later(6.9);
    expect((await refund(c, a)).status).toBe(200);
    later(7.1);
    const late = await refund(c, b);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The refund period of this order is over');
    clock.set();

    // the merchant's own period
    await t.db.updateTable('merchants').set({ refundPeriod: 2 }).where('id', '=', s.merchant.id).execute();
    const d = await pickedOrder(t, s, c);
    later(2.5);
    expect((await refund(c, d)).status).toBe(409);
    clock.set();
    await t.db.updateTable('merchants').set({ refundPeriod: 0 }).where('id', '=', s.merchant.id).execute();
    const e = await pickedOrder(t, s, c);
    const none = await refund(c, e);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This merchant does not accept refunds');
    expect((await requestRow(t, e)).status).toBe('done');
  });
});
