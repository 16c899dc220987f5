import { describe, expect, it } from 'vitest';
import {
  approveConcurrently,
  balanceOf,
  customerFixture,
  expectLedgerInvariant,
  shopFixture,
  withRequestsServer,
} from './fixtures-requests';
import type { TestServer } from './harness';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

type Shop = Awaited<ReturnType<typeof shopFixture>>;

async function redeem(shop: Shop, c: { token: string }, amount: number, branchId = shop.branch.id) {
  const res = await t.call('user/redeem', { merchantId: shop.merchant.id, branchId, amount }, { token: c.token });
  if (res.status !== 200) throw new Error(`redeem failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}

describe('req/redeem/list and detail', () => {
  it('lists redeem requests newest first, 10 a page, with user, merchant and Branch', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500, 'Sara Nasser');
    const made = [];
    for (let i = 1; i <= 11; i++) made.push(await redeem(shop, c, i));
    const page1 = await t.call('merchant/req/redeem/list', { limit: 10, pageNum: 1 }, { token: shop.merchant.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data.count).toBe(11);
    expect(page1.body.data.rows).toHaveLength(10);
    expect(page1.body.data.rows[0]).toMatchObject({
      id: made[10].id,
      amount: 11,
      isApproved: false,
      user: { name: 'Sara Nasser', mobile: c.mobile },
      merchant: { name: shop.merchant.name },
      Branch: { id: shop.branch.id, branchName: shop.branch.branchName },
    });
    const page2 = await t.call('merchant/req/redeem/list', { limit: 10, pageNum: 2 }, { token: shop.merchant.token });
    expect(page2.body.data.rows.map((r: { id: number }) => r.id)).toEqual([made[0].id]);
    const detail = await t.call('merchantUser/req/redeem/detail', { reqId: made[4].id }, { token: shop.staff.token });
    expect(detail.body.data).toMatchObject({ id: made[4].id, amount: 5 });
  });

  it('shows staff only their branch; another merchant gets 404', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const here = await redeem(shop, c, 5);
    const there = await redeem(shop, c, 6, shop.otherBranch.id);
    const mine = await t.call('merchantUser/req/redeem/list', {}, { token: shop.staff.token });
    expect(mine.body.data).toMatchObject({ count: 1, rows: [{ id: here.id }] });
    for (const path of ['merchantUser/req/redeem/detail', 'merchantUser/req/redeem/approve']) {
      const res = await t.call(path, { reqId: there.id }, { token: shop.staff.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Request not found');
    }
    const other = await shopFixture(t);
    expect(
      (await t.call('merchant/req/redeem/approve', { reqId: here.id }, { token: other.merchant.token })).status,
    ).toBe(404);
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
  });
});

describe('req/redeem/approve', () => {
  it('approves once: amount moves from the customer to the merchant; again changes nothing', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const r = await redeem(shop, c, 30);
    const res = await t.call(
      'merchantUser/req/redeem/approve',
      { reqId: r.id, isApproved: true },
      { token: shop.staff.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: r.id, isApproved: true });
    expect(await balanceOf(t, 'user', c.id)).toBe(70);
    expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(30);
    const again = await t.call('merchant/req/redeem/approve', { reqId: r.id }, { token: shop.merchant.token });
    expect(again.status).toBe(200);
    expect(again.body.data.isApproved).toBe(true);
    expect(await balanceOf(t, 'user', c.id)).toBe(70);
    const ledger = await t.db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('reference', '=', `redeem_request:${r.id}`)
      .execute();
    expect(ledger.map((e) => [e.accountType, e.delta, e.reason]).sort()).toEqual([
      ['merchant', 30, 'redeem'],
      ['user', -30, 'redeem'],
    ]);
    const me = await t.call('merchant/me', {}, { token: shop.merchant.token });
    expect(me.body.data.balance).toBe(30);
  });

  it('isApproved false leaves a request as it is and cannot take back an approval', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const r = await redeem(shop, c, 10);
    const no = await t.call(
      'merchant/req/redeem/approve',
      { reqId: r.id, isApproved: false },
      { token: shop.merchant.token },
    );
    expect(no.status).toBe(200);
    expect(no.body.data.isApproved).toBe(false);
    await t.call('merchant/req/redeem/approve', { reqId: r.id, isApproved: 'true' }, { token: shop.merchant.token });
    const back = await t.call(
      'merchant/req/redeem/approve',
      { reqId: r.id, isApproved: 'false' },
      { token: shop.merchant.token },
    );
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Already approved');
    expect(await balanceOf(t, 'user', c.id)).toBe(90);
  });

  it('answers 409 and changes nothing when the customer no longer has the points', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 50);
    const first = await redeem(shop, c, 40);
    const second = await redeem(shop, c, 40);
    expect(
      (await t.call('merchant/req/redeem/approve', { reqId: first.id }, { token: shop.merchant.token })).status,
    ).toBe(200);
    const res = await t.call('merchant/req/redeem/approve', { reqId: second.id }, { token: shop.merchant.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The customer does not have enough points');
    const ar = await t.call(
      'merchant/req/redeem/approve',
      { reqId: second.id },
      { token: shop.merchant.token, lang: 'ar' },
    );
    expect(ar.body.message).toBe('لا يملك العميل نقاطاً كافية');
    const row = await t.db
      .selectFrom('redeemRequests')
      .select(['isApproved', 'approvedById'])
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isApproved: 0, approvedById: null });
    expect(await balanceOf(t, 'user', c.id)).toBe(10);
    expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(40);
  });

  it('50 concurrent approvals of one redeem by two staff and the merchant move the points once', async () => {
    for (let round = 0; round < 3; round++) {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 100);
      const r = await redeem(shop, c, 35);
      const results = await approveConcurrently(t, shop, 'req/redeem/approve', r.id);
      expect(results.map((x) => x.status)).toEqual(Array(50).fill(200));
      expect(await balanceOf(t, 'user', c.id)).toBe(65);
      expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(35);
      await expectLedgerInvariant(t);
    }
  });

  it('concurrent approvals of different redeems never overdraw the customer', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await redeem(shop, c, 30));
    const results = await Promise.all(
      made.map((r, i) =>
        t.call(
          i % 2 ? 'merchant/req/redeem/approve' : 'merchantUser/req/redeem/approve',
          { reqId: r.id },
          { token: i % 2 ? shop.merchant.token : shop.staff.token },
        ),
      ),
    );
    expect(results.filter((x) => x.status === 200)).toHaveLength(3);
    expect(results.filter((x) => x.status === 409)).toHaveLength(7);
    expect(await balanceOf(t, 'user', c.id)).toBe(10);
    expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(90);
  });
});
