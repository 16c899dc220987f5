import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  branchFixture,
  customerFixture,
  day,
  liveMerchant,
  offerFixture,
  productFixture,
  shopFixture,
  withRequestsServer,
} from './fixtures-requests';
import { merchantFixture, type TestServer } from './harness';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const countRows = async (table: 'offerRequests' | 'redeemRequests') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('user/offer/list and user/product/list', () => {
  it('lists only current offers and active products of approved, live merchants', async () => {
    const shop = await shopFixture(t);
    const notLive = await merchantFixture(t);
    const notLiveBranch = await branchFixture(t, notLive.id);
    const hidden = await offerFixture(t, notLive.id, [notLiveBranch.id]);
    const expired = await offerFixture(t, shop.merchant.id, [shop.branch.id], {
      startDate: day(-10),
      endDate: day(-1),
    });
    const future = await offerFixture(t, shop.merchant.id, [shop.branch.id], { startDate: day(2) });
    const soldOut = await offerFixture(t, shop.merchant.id, [shop.branch.id], { available: 0 });
    const inactive = await offerFixture(t, shop.merchant.id, [shop.branch.id], { isActive: false });
    const product = await productFixture(t, shop.merchant.id);
    await productFixture(t, shop.merchant.id, { isActive: false });
    await productFixture(t, notLive.id);
    const c = await customerFixture(t);

    const offers = await t.call('user/offer/list', { merchantId: shop.merchant.id }, { token: c.token });
    expect(offers.status).toBe(200);
    expect(offers.body.data.count).toBe(1);
    expect(offers.body.data.rows[0]).toMatchObject({
      id: shop.offer.id,
      merchantId: shop.merchant.id,
      price: 12.5,
      points: 40,
      isActive: true,
      images: null,
      branchs: [{ id: shop.branch.id, branchName: shop.branch.branchName }],
      branchsIds: [shop.branch.id],
    });
    const all = await t.call('user/offer/list', {}, { token: c.token });
    const ids = all.body.data.rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(shop.offer.id);
    for (const gone of [hidden, expired, future, soldOut, inactive]) expect(ids).not.toContain(gone.id);

    const products = await t.call('user/product/list', { merchantId: shop.merchant.id }, { token: c.token });
    expect(products.status).toBe(200);
    expect(products.body.data).toMatchObject({
      count: 1,
      rows: [{ id: product.id, price: 9, merchant: { name: shop.merchant.name } }],
    });
  });

  it("shows an offer's active branches only, each open now or closed until it reopens", async () => {
    const shop = await shopFixture(t);
    const paused = await branchFixture(t, shop.merchant.id);
    const closedDown = await branchFixture(t, shop.merchant.id, { isActive: false });
    const offer = await offerFixture(t, shop.merchant.id, [shop.branch.id, paused.id, closedDown.id]);
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    await t.db
      .updateTable('branches')
      .set({ pausedUntil: until, pauseReason: 'Busy' })
      .where('id', '=', paused.id)
      .execute();
    const c = await customerFixture(t);
    const res = await t.call('user/offer/list', { merchantId: shop.merchant.id }, { token: c.token });
    const row = res.body.data.rows.find((r: { id: number }) => r.id === offer.id);
    expect(row.branchs).toEqual([
      expect.objectContaining({ id: shop.branch.id, isOpen: true, opensAt: null }),
      expect.objectContaining({ id: paused.id, isOpen: false, opensAt: until }),
    ]);
    expect(row.branchsIds).toEqual([shop.branch.id, paused.id]);
  });

  it('answers 404 for a merchantId filter naming a merchant customers cannot see (not live, or no such merchant)', async () => {
    const notLive = await merchantFixture(t);
    const c = await customerFixture(t);
    for (const path of ['user/offer/list', 'user/product/list'])
      for (const merchantId of [notLive.id, 2_000_000_000]) {
        const res = await t.call(path, { merchantId }, { token: c.token });
        expect([path, merchantId, res.status, res.body]).toEqual([
          path,
          merchantId,
          404,
          { message: 'Merchant not found' },
        ]);
      }
  });

  it('pages the lists and refuses non-customers', async () => {
    const m = await liveMerchant(t);
    const b = await branchFixture(t, m.id);
    for (let i = 0; i < 3; i++) await offerFixture(t, m.id, [b.id]);
    const c = await customerFixture(t);
    const page2 = await t.call('user/offer/list', { merchantId: m.id, limit: 2, pageNum: 2 }, { token: c.token });
    expect(page2.body.data.count).toBe(3);
    expect(page2.body.data.rows).toHaveLength(1);
    expect((await t.call('user/offer/list', {}, { token: m.token })).status).toBe(403);
    expect((await t.call('user/offer/list', {})).status).toBe(401);
  });
});

describe('user/offer/request', () => {
  it('creates a pending request at a branch that carries the offer, with the offer price and points', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const res = await t.call(
      'user/offer/request',
      { offerId: shop.offer.id, branchId: shop.branch.id, payWith: 'points' },
      { token: c.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      isAproved: false,
      isActive: true,
      payWith: 'points',
      user: { id: c.id, name: c.name, mobile: c.mobile },
      Branch: { id: shop.branch.id, branchName: shop.branch.branchName, address: shop.branch.address },
      offerDetail: { id: shop.offer.id, price: 12.5, points: 40, title: 'Two coffees for one' },
    });
    expect(res.body.data.code).toMatch(/^[A-Z2-9]{8}$/);
    // nothing moves and nothing is taken before approval
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    const offer = await t.db
      .selectFrom('offers')
      .select('availableNumberOfOffers')
      .where('id', '=', shop.offer.id)
      .executeTakeFirstOrThrow();
    expect(offer.availableNumberOfOffers).toBe(10);
  });

  it('lets a customer without points pay with price', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t);
    const res = await t.call(
      'user/offer/request',
      { offerId: shop.offer.id, branchId: shop.branch.id, payWith: 'price' },
      { token: c.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.payWith).toBe('price');
  });

  it('answers 409 with a message and creates nothing when the request cannot be made', async () => {
    const shop = await shopFixture(t);
    const m = shop.merchant.id;
    const inactiveBranch = await branchFixture(t, m, { isActive: false });
    const cases = [
      [
        'This offer is not active',
        await offerFixture(t, m, [shop.branch.id], { isActive: false }),
        shop.branch.id,
        'price',
      ],
      [
        'This offer has not started yet',
        await offerFixture(t, m, [shop.branch.id], { startDate: day(1), endDate: day(5) }),
        shop.branch.id,
        'price',
      ],
      [
        'This offer has expired',
        await offerFixture(t, m, [shop.branch.id], { startDate: day(-5), endDate: day(-1) }),
        shop.branch.id,
        'price',
      ],
      ['This offer is sold out', await offerFixture(t, m, [shop.branch.id], { available: 0 }), shop.branch.id, 'price'],
      ['This branch does not carry this offer', shop.offer, shop.otherBranch.id, 'price'],
      ['This branch is not active', await offerFixture(t, m, [inactiveBranch.id]), inactiveBranch.id, 'price'],
      ['The customer does not have enough points', shop.offer, shop.branch.id, 'points'],
    ] as const;
    const c = await customerFixture(t, 39);
    const before = await countRows('offerRequests');
    for (const [message, offer, branchId, payWith] of cases) {
      const res = await t.call('user/offer/request', { offerId: offer.id, branchId, payWith }, { token: c.token });
      expect(res.status, message).toBe(409);
      expect(res.body.message).toBe(message);
    }
    // a branch of another merchant does not carry it either
    const other = await shopFixture(t);
    const foreign = await t.call(
      'user/offer/request',
      { offerId: shop.offer.id, branchId: other.branch.id, payWith: 'price' },
      { token: c.token },
    );
    expect(foreign.status).toBe(409);
    expect(await countRows('offerRequests')).toBe(before);
    expect(await balanceOf(t, 'user', c.id)).toBe(39);
  });

  it('answers 409 when the merchant is not live and 404 for an unknown offer, in Arabic too', async () => {
    const shop = await shopFixture(t);
    await t.call('merchant/goLive', { isLive: false }, { token: shop.merchant.token });
    const c = await customerFixture(t, 100);
    const res = await t.call(
      'user/offer/request',
      { offerId: shop.offer.id, branchId: shop.branch.id, payWith: 'points' },
      { token: c.token, lang: 'ar' },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('هذا التاجر غير متاح حالياً');
    const unknown = await t.call(
      'user/offer/request',
      { offerId: 999999, branchId: shop.branch.id, payWith: 'points' },
      { token: c.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Offer not found');
  });

  it('validates the payload with 422', async () => {
    const c = await customerFixture(t);
    const res = await t.call('user/offer/request', { offerId: 'x', payWith: 'gold' }, { token: c.token });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['branchId', 'offerId', 'payWith']);
  });
});

describe('user/redeem', () => {
  it('creates a redeem request that is not approved and moves nothing yet', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 50);
    const res = await t.call(
      'user/redeem',
      { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 20 },
      { token: c.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      amount: 20,
      isApproved: false,
      user: { id: c.id, name: c.name, mobile: c.mobile },
      merchant: { name: shop.merchant.name },
      Branch: { id: shop.branch.id, branchName: shop.branch.branchName },
    });
    expect(await balanceOf(t, 'user', c.id)).toBe(50);
  });

  it('answers 409 or 404 with a message and creates nothing when the redeem cannot be made', async () => {
    const shop = await shopFixture(t);
    const inactiveBranch = await branchFixture(t, shop.merchant.id, { isActive: false });
    const notLive = await merchantFixture(t);
    const notLiveBranch = await branchFixture(t, notLive.id);
    const c = await customerFixture(t, 10);
    const before = await countRows('redeemRequests');
    const cases = [
      [409, 'The customer does not have enough points', shop.merchant.id, shop.branch.id, 11],
      [409, 'This branch is not active', shop.merchant.id, inactiveBranch.id, 5],
      [409, 'This merchant is not live', notLive.id, notLiveBranch.id, 5],
      [404, 'Branch not found', shop.merchant.id, notLiveBranch.id, 5],
      [404, 'Merchant not found', 999999, shop.branch.id, 5],
    ] as const;
    for (const [status, message, merchantId, branchId, amount] of cases) {
      const res = await t.call('user/redeem', { merchantId, branchId, amount }, { token: c.token });
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const zero = await t.call(
      'user/redeem',
      { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 0 },
      { token: c.token },
    );
    expect(zero.status).toBe(422);
    expect(await countRows('redeemRequests')).toBe(before);
  });
});
