import { describe, expect, it } from 'vitest';
import {
  availableOf,
  balanceOf,
  customerFixture,
  day,
  journalOf,
  requestOffer,
  type Shop,
  shopFixture,
  staffFixture,
  withRequestsServer,
} from './fixtures-requests';
import type { TestServer } from './harness';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

describe('req/list and req/details', () => {
  it('lists pending and done requests with user, Branch and offerDetail, newest first, paged', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 1000, 'Omar Haddad');
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await requestOffer(t, shop, c, i % 2 ? 'price' : 'points'));
    await t.call('merchant/req/approve', { reqId: made[0].id }, { token: shop.merchant.token });

    const pending = await t.call(
      'merchant/req/list',
      { status: 'pending', limit: 10, pageNum: 1 },
      { token: shop.merchant.token },
    );
    expect(pending.status).toBe(200);
    expect(pending.body.data.count).toBe(11);
    expect(pending.body.data.rows).toHaveLength(10);
    expect(pending.body.data.rows[0]).toMatchObject({
      id: made[11].id,
      status: 'pending',
      isAproved: false,
      user: { name: 'Omar Haddad', mobile: c.mobile },
      Branch: { branchName: shop.branch.branchName, address: shop.branch.address },
      offerDetail: { title: 'Two coffees for one', price: 12.5, points: 40, endDate: day(30) },
    });
    expect(pending.body.data.rows[0].offerDetail.description.length).toBeGreaterThan(30);
    const page2 = await t.call(
      'merchant/req/list',
      { status: 'pending', limit: 10, pageNum: 2 },
      { token: shop.merchant.token },
    );
    expect(page2.body.data.rows.map((r: { id: number }) => r.id)).toEqual([made[1].id]);
    expect(page2.body.data.count).toBe(11);
    // past the end: no rows, the count all the same
    const past = await t.call(
      'merchant/req/list',
      { status: 'pending', limit: 10, pageNum: 5 },
      { token: shop.merchant.token },
    );
    expect(past.body.data).toEqual({ rows: [], count: 11 });
    const none = await t.call('merchant/req/list', { status: 'rejected', limit: 10 }, { token: shop.merchant.token });
    expect(none.body.data).toEqual({ rows: [], count: 0 });

    const done = await t.call('merchant/req/list', { status: 'done', limit: 10 }, { token: shop.merchant.token });
    expect(done.body.data).toMatchObject({
      count: 1,
      rows: [{ id: made[0].id, status: 'done', isAproved: true, isActive: false }],
    });
    const everything = await t.call('merchant/req/list', {}, { token: shop.merchant.token });
    expect(everything.body.data.count).toBe(12);

    const details = await t.call('merchant/req/details', { reqId: made[3].id }, { token: shop.merchant.token });
    expect(details.body.data).toMatchObject({ id: made[3].id, code: made[3].code, payWith: 'price' });
  });

  it('finds requests by the customer mobile number', async () => {
    const shop = await shopFixture(t);
    const a = await customerFixture(t, 100);
    const b = await customerFixture(t, 100);
    const ra = await requestOffer(t, shop, a);
    await requestOffer(t, shop, b);
    const found = await t.call('merchant/req/list', { mobile: a.mobile }, { token: shop.merchant.token });
    expect(found.body.data).toMatchObject({ count: 1, rows: [{ id: ra.id, user: { mobile: a.mobile } }] });
    const partial = await t.call(
      'merchant/req/list',
      { mobile: `+${a.mobile.slice(0, 6)}` },
      { token: shop.merchant.token },
    );
    expect(partial.body.data.count).toBe(2);
    const none = await t.call('merchantUser/req/list', { mobile: '11111111' }, { token: shop.staff.token });
    expect(none.body.data).toEqual({ rows: [], count: 0 });
  });

  it('pages through every request once, in order, for the merchant, a branch and a mobile search', async () => {
    const shop = await shopFixture(t);
    await t.db.insertInto('offerBranches').values({ offerId: shop.offer.id, branchId: shop.otherBranch.id }).execute();
    const a = await customerFixture(t, 100);
    const b = await customerFixture(t, 100);
    for (let i = 0; i < 11; i++)
      await requestOffer(t, shop, i % 3 === 0 ? b : a, 'price', i % 2 === 0 ? shop.branch.id : shop.otherBranch.id);
    // later pages read their ids first (offer-requests.repository.ts): the same rows as one big page
    const walk = async (path: string, token: string, fields: Record<string, string> = {}) => {
      const whole = await t.call(path, { ...fields, limit: 100 }, { token });
      const ids: number[] = [];
      for (let pageNum = 1; pageNum <= 5; pageNum++) {
        const res = await t.call(path, { ...fields, limit: 3, pageNum }, { token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.count).toBe(whole.body.data.count);
        ids.push(...res.body.data.rows.map((r: { id: number }) => r.id));
      }
      expect(ids).toEqual(whole.body.data.rows.map((r: { id: number }) => r.id));
      return ids.length;
    };
    expect(await walk('merchant/req/list', shop.merchant.token)).toBe(11);
    expect(await walk('merchant/req/list', shop.merchant.token, { status: 'pending' })).toBe(11);
    expect(await walk('merchantUser/req/list', shop.staff.token)).toBe(6);
    expect(await walk('merchant/req/list', shop.merchant.token, { mobile: a.mobile })).toBe(7);
    expect(await walk('merchantUser/req/list', shop.otherStaff.token, { mobile: b.mobile })).toBe(2);
  });

  it('answers many large pages asked at once, each whole (they are read two at a time)', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    for (let i = 0; i < 12; i++) await requestOffer(t, shop, c);
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call('merchant/req/list', { limit: 1000 - i, pageNum: 1 }, { token: shop.merchant.token }),
      ),
    );
    for (const p of pages) {
      expect(p.status).toBe(200);
      expect(p.body.data.count).toBe(12);
      expect(p.body.data.rows).toHaveLength(12);
    }
  });

  it('shows staff only their branch and another merchant nothing (404)', async () => {
    const shop = await shopFixture(t);
    await t.db.insertInto('offerBranches').values({ offerId: shop.offer.id, branchId: shop.otherBranch.id }).execute();
    const c = await customerFixture(t, 100);
    const here = await requestOffer(t, shop, c, 'price');
    const there = await requestOffer(t, shop, c, 'price', shop.otherBranch.id);

    const mine = await t.call('merchantUser/req/list', { status: 'pending' }, { token: shop.staff.token });
    expect(mine.body.data.rows.map((r: { id: number }) => r.id)).toEqual([here.id]);
    const all = await t.call('merchant/req/list', { status: 'pending' }, { token: shop.merchant.token });
    expect(all.body.data.count).toBe(2);

    for (const path of ['merchantUser/req/details', 'merchantUser/req/approve']) {
      const res = await t.call(path, { reqId: there.id }, { token: shop.staff.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Request not found');
    }
    const other = await shopFixture(t);
    expect((await t.call('merchant/req/details', { reqId: here.id }, { token: other.merchant.token })).status).toBe(
      404,
    );
    expect((await t.call('merchant/req/approve', { reqId: here.id }, { token: other.merchant.token })).status).toBe(
      404,
    );
    const noBranch = await staffFixture(t, shop.merchant.id, null);
    expect((await t.call('merchantUser/req/list', {}, { token: noBranch.token })).body.data.count).toBe(0);
    // a customer and the wrong role pair are refused
    expect((await t.call('merchant/req/list', {}, { token: c.token })).status).toBe(403);
    expect((await t.call('merchant/req/list', {}, { token: shop.staff.token })).status).toBe(403);
    expect(await availableOf(t, shop.offer.id)).toBe(10);
  });
});

describe('req/approve', () => {
  it('moves pending to done, takes one offer and moves the points customer → merchant once', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const r = await requestOffer(t, shop, c);
    const res = await t.call('merchantUser/req/approve', { reqId: r.id }, { token: shop.staff.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: r.id, status: 'done', isAproved: true, isActive: false });
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(40);
    expect(await availableOf(t, shop.offer.id)).toBe(9);
    const row = await t.db.selectFrom('offerRequests').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ approvedByType: 'merchantUser', approvedById: shop.staff.id });
    const ledger = await t.db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('reference', '=', `offer_request:${r.id}`)
      .orderBy('id')
      .execute();
    expect(ledger.map((e) => [e.accountType, e.accountId, e.delta, e.balanceAfter, e.reason])).toEqual([
      ['user', c.id, -40, 60, 'offerRequest'],
      ['merchant', shop.merchant.id, 40, 40, 'offerRequest'],
    ]);

    // idempotent: approving again answers the done request and changes nothing
    const again = await t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'done', isAproved: true });
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await availableOf(t, shop.offer.id)).toBe(9);

    // merchant/me shows the balance and one pending request fewer
    const me = await t.call('merchant/me', {}, { token: shop.merchant.token });
    expect(me.body.data).toMatchObject({ balance: 40, counts: { pendingRequests: 0, approvedRequests: 1 } });
  });

  it("answers the approval as the request now reads, with its offer's images in their order", async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const r = await requestOffer(t, shop, c);
    const createdAt = new Date().toISOString();
    await t.db
      .insertInto('offerImages')
      .values([
        { offerId: shop.offer.id, path: 'offers/second.webp', position: 1, createdAt },
        { offerId: shop.offer.id, path: 'offers/first.webp', position: 0, createdAt },
      ])
      .execute();
    const res = await t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token });
    expect(res.status).toBe(200);
    const details = await t.call('merchant/req/details', { reqId: r.id }, { token: shop.merchant.token });
    expect(res.body.data).toEqual(details.body.data);
    expect(details.body.data).toMatchObject({ status: 'done', isAproved: true, isActive: false });
    expect(details.body.data.images).toEqual([
      expect.stringContaining('first.webp'),
      expect.stringContaining('second.webp'),
    ]);
    expect(details.body.data.offerDetail.images).toEqual(details.body.data.images);
    // a list's rows carry the same images, whether the page reads them in its own statement (a few
    // rows) or apart (a large page), for the merchant and for the branch's staff
    for (const [token, path] of [
      [shop.merchant.token, 'merchant/req/list'],
      [shop.staff.token, 'merchantUser/req/list'],
    ] as const)
      for (const limit of [10, 1000]) {
        const list = await t.call(path, { limit, pageNum: 1 }, { token });
        expect(list.status, JSON.stringify(list.body)).toBe(200);
        expect(list.body.data.count).toBe(1);
        const [row] = list.body.data.rows;
        expect(row.id).toBe(r.id);
        expect(row.images).toEqual(details.body.data.images);
        expect(row.offerDetail.images).toEqual(details.body.data.images);
      }
  });

  it('takes one offer but moves no points for a request paid with price', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t);
    const r = await requestOffer(t, shop, c, 'price');
    const res = await t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token });
    expect(res.body.data.status).toBe('done');
    expect(await availableOf(t, shop.offer.id)).toBe(9);
    expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(0);
    expect(
      await t.db.selectFrom('ledgerEntries').selectAll().where('reference', '=', `offer_request:${r.id}`).execute(),
    ).toEqual([]);
  });

  it('answers 409 and changes nothing when the offer or the points are no longer there', async () => {
    const cases: [string, (shop: Shop, c: { id: number; mobile: string }) => Promise<unknown>][] = [
      [
        'This offer is sold out',
        (s) => t.db.updateTable('offers').set({ availableNumberOfOffers: 0 }).where('id', '=', s.offer.id).execute(),
      ],
      [
        'This offer is not active',
        (s) => t.db.updateTable('offers').set({ isActive: 0 }).where('id', '=', s.offer.id).execute(),
      ],
      [
        'This offer has expired',
        (s) =>
          t.db
            .updateTable('offers')
            .set({ startDate: day(-9), endDate: day(-1) })
            .where('id', '=', s.offer.id)
            .execute(),
      ],
      [
        'The customer does not have enough points',
        async (s, c) => {
          // the customer spends the points elsewhere first
          const other = await requestOffer(t, s, {
            token: (await t.call('user/login', { username: c.mobile, password: 'cust-pass-1' })).body.data.token,
          });
          await t.call('merchant/req/approve', { reqId: other.id }, { token: s.merchant.token });
        },
      ],
    ];
    for (const [message, spoil] of cases) {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 40);
      const r = await requestOffer(t, shop, c);
      await spoil(shop, c);
      const before = {
        user: await balanceOf(t, 'user', c.id),
        merchant: await balanceOf(t, 'merchant', shop.merchant.id),
        left: await availableOf(t, shop.offer.id),
      };
      const res = await t.call('merchantUser/req/approve', { reqId: r.id }, { token: shop.staff.token });
      expect(res.status, message).toBe(409);
      expect(res.body.message).toBe(message);
      const row = await t.db
        .selectFrom('offerRequests')
        .select(['status', 'isAproved', 'approvedById'])
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', isAproved: 0, approvedById: null });
      // no audit row and no feed event of an approval that did not happen
      expect(await journalOf(t, r.id), message).toEqual({ audit: [], events: ['created'] });
      expect(await balanceOf(t, 'user', c.id)).toBe(before.user);
      expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(before.merchant);
      expect(await availableOf(t, shop.offer.id)).toBe(before.left);
    }
  });
});
