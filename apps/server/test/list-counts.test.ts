/**
 * Counted lists (migrations/0012-list-counts.ts, db/list-counts.ts): the counts a page answers come
 * from counters kept by triggers, which must equal the rows through every write — new requests,
 * approvals, rejects, a rolled-back transaction, a deleted row, concurrent approvals — and which
 * the migration fills for the rows a database already had.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listCounts } from '../src/db/migrations/0012-list-counts';
import { offerCounts } from '../src/db/migrations/0013-offer-counts';
import { offerActivityCounts } from '../src/db/migrations/0014-offer-activity-counts';
import { addOffer, addTags } from './catalogue-fixtures';
import {
  customerFixture,
  requestOffer,
  type Shop,
  shopFixture,
  staffFixture,
  withRequestsServer,
} from './fixtures-requests';
import type { TestServer } from './harness';
import { invariantViolations } from './proof/invariants';

/** The columns a copied offer request keeps as they are (its code gets a suffix: it is unique). */
const COPIED = [
  'merchantId',
  'offerId',
  'branchId',
  'userId',
  'payWith',
  'priceCents',
  'points',
  'status',
  'isAproved',
  'isActive',
] as const;

let t: TestServer;
withRequestsServer((s) => {
  t = s;
});

const listCount = async (token: string, path: string, fields: Record<string, string | number> = {}) => {
  const res = await t.call(path, { pageNum: 1, limit: 2, ...fields }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.count as number;
};

const countViolations = async () => (await invariantViolations(t.db)).filter((v) => v.startsWith('list count'));

async function shopWithRequests(): Promise<{ shop: Shop; ids: number[]; redeemIds: number[] }> {
  const shop = await shopFixture(t);
  const c = await customerFixture(t, 100);
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push((await requestOffer(t, shop, c, 'price')).id);
  const redeemIds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await t.call(
      'user/redeem',
      { merchantId: shop.merchant.id, branchId: i === 2 ? shop.otherBranch.id : shop.branch.id, amount: 1 },
      { token: c.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    redeemIds.push(r.body.data.id);
  }
  return { shop, ids, redeemIds };
}

describe('counted lists', () => {
  it('count pending, done and rejected requests as the rows change, for the merchant, a branch and the dashboard', async () => {
    const { shop, ids, redeemIds } = await shopWithRequests();
    const m = shop.merchant.token;
    expect(await listCount(m, 'merchant/req/list', { status: 'pending' })).toBe(5);
    expect((await t.call('merchant/req/approve', { reqId: ids[0] }, { token: m })).status).toBe(200);
    expect((await t.call('merchant/req/approve', { reqId: ids[0] }, { token: m })).status).toBe(200);
    expect((await t.call('merchant/req/reject', { reqId: ids[1], reason: 'Closed today' }, { token: m })).status).toBe(
      200,
    );
    expect(await listCount(m, 'merchant/req/list', { status: 'pending' })).toBe(3);
    expect(await listCount(m, 'merchant/req/list', { status: 'done' })).toBe(1);
    expect(await listCount(m, 'merchant/req/list')).toBe(5);
    expect(await listCount(shop.staff.token, 'merchantUser/req/list', { status: 'pending' })).toBe(3);
    expect(await listCount(shop.otherStaff.token, 'merchantUser/req/list')).toBe(0);
    const me = await t.call('merchant/me', {}, { token: m });
    expect(me.body.data.counts).toMatchObject({ approvedRequests: 1, pendingRequests: 4 });
    const staffMe = await t.call('merchantUser/me', {}, { token: shop.staff.token });
    expect(staffMe.body.data.counts.pendingRequests).toBe(3);

    expect(await listCount(m, 'merchant/req/redeem/list')).toBe(3);
    expect(
      (await t.call('merchant/req/redeem/approve', { reqId: redeemIds[0], isApproved: true }, { token: m })).status,
    ).toBe(200);
    expect(await listCount(m, 'merchant/req/redeem/list', { status: 'pending' })).toBe(2);
    expect(await listCount(m, 'merchant/req/redeem/list', { status: 'approved' })).toBe(1);
    expect(await listCount(shop.otherStaff.token, 'merchantUser/req/redeem/list')).toBe(1);
    // a staff member without a branch counts nothing
    const unplaced = await staffFixture(t, shop.merchant.id, null);
    expect(await listCount(unplaced.token, 'merchantUser/req/list')).toBe(0);
    expect(await countViolations()).toEqual([]);

    // the dashboard reads every count in one statement (repositories/merchant-home.ts): each equals the rows
    const rows = async (table: 'offers' | 'branches' | 'merchantUsers', active?: number) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('merchantId', '=', shop.merchant.id)
            .$if(active !== undefined, (q) => q.where('isActive' as never, '=', active as never))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const home = await t.call('merchant/me', {}, { token: m });
    expect(home.body.data.counts).toEqual({
      activeOffers: await rows('offers', 1),
      inactiveOffers: await rows('offers', 0),
      approvedRequests: 1,
      pendingRequests: 4,
      pendingRedeems: 2,
      branches: await rows('branches'),
      employees: await rows('merchantUsers'),
      ordersToAccept: 0,
      deliveriesWithoutCourier: 0,
    });
    expect(home.body.data.counts.branches).toBeGreaterThanOrEqual(2);
    expect(home.body.data.counts.employees).toBeGreaterThanOrEqual(3);
  });

  it('move nothing for a rolled-back write, and follow a deleted row', async () => {
    const { shop, ids } = await shopWithRequests();
    const m = shop.merchant.token;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('offerRequests').set({ status: 'done', isAproved: 1 }).where('id', '=', ids[2]).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await listCount(m, 'merchant/req/list', { status: 'pending' })).toBe(5);
    await t.db.deleteFrom('offerRequests').where('id', '=', ids[3]).execute();
    expect(await listCount(m, 'merchant/req/list', { status: 'pending' })).toBe(4);
    expect(await countViolations()).toEqual([]);
  });

  it('stay exact under concurrent approvals and rejects of many requests', async () => {
    const shop = await shopFixture(t, { available: 1000, points: 1 });
    const c = await customerFixture(t, 500);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await requestOffer(t, shop, c)).id);
    const calls = ids.flatMap((reqId, i) => [
      t.call('merchant/req/approve', { reqId }, { token: shop.merchant.token }),
      i % 4 === 0
        ? t.call('merchantUser/req/reject', { reqId, reason: 'Out of stock' }, { token: shop.staff.token })
        : t.call('merchantUser/req/approve', { reqId }, { token: shop.staff.token }),
    ]);
    for (const res of await Promise.all(calls)) expect([200, 409]).toContain(res.status);
    const done = await listCount(shop.merchant.token, 'merchant/req/list', { status: 'done' });
    const rejected = await listCount(shop.merchant.token, 'merchant/req/list', { status: 'rejected' });
    expect(done + rejected).toBe(40);
    const rows = await t.db
      .selectFrom('offerRequests')
      .select('status')
      .where('merchantId', '=', shop.merchant.id)
      .execute();
    expect(done).toBe(rows.filter((r) => r.status === 'done').length);
    expect(await countViolations()).toEqual([]);
  });

  it('are filled by the migration for the rows a database already had', async () => {
    const { shop } = await shopWithRequests();
    const migration = listCounts(t.kind);
    // the later migrations keep their counters in 0012's table: undone first, in reverse
    const later = [offerCounts(t.kind), offerActivityCounts(t.kind)];
    // (in a transaction: undoing 0014 puts 0013's counter back, which locks the table on PostgreSQL)
    await t.db.transaction().execute(async (trx) => {
      for (const m of [...later].reverse()) await m.down(trx as never);
      await migration.down(trx as never);
    });
    await t.db
      .insertInto('offerRequests')
      .columns([...COPIED, 'code', 'createdAt', 'updatedAt'])
      .expression((eb) =>
        eb
          .selectFrom('offerRequests')
          .select([...COPIED, sql<string>`code || 'x'`.as('code'), 'createdAt', 'updatedAt'])
          .where('merchantId', '=', shop.merchant.id),
      )
      .execute();
    // in a transaction, as the migrator runs it on PostgreSQL
    await t.db.transaction().execute(async (trx) => {
      await migration.up(trx as never);
      for (const m of later) await m.up(trx as never);
    });
    expect(await listCount(shop.merchant.token, 'merchant/req/list', { status: 'pending' })).toBe(10);
    expect(await countViolations()).toEqual([]);
  });

  it("count a merchant's offers and those each branch carries, through adds and changes of branches", async () => {
    const shop = await shopFixture(t); // one offer, on the first branch
    const m = shop.merchant.token;
    await addOffer(t, shop.merchant, [shop.branch.id, shop.otherBranch.id], await addTags(t, 1));
    const moved = await addOffer(t, shop.merchant, [shop.otherBranch.id], await addTags(t, 1));
    expect(await listCount(m, 'merchant/offer/list')).toBe(3);
    expect(await listCount(shop.staff.token, 'merchantUser/offer/list')).toBe(2);
    expect(await listCount(shop.otherStaff.token, 'merchantUser/offer/list')).toBe(2);
    const res = await t.call(
      'merchant/offer/update',
      { offerId: moved, branchsIds: JSON.stringify([shop.branch.id]) },
      { token: m },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await listCount(shop.staff.token, 'merchantUser/offer/list')).toBe(3);
    expect(await listCount(shop.otherStaff.token, 'merchantUser/offer/list')).toBe(1);
    // a rolled-back link moves nothing
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('offerBranches').where('offerId', '=', moved).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await listCount(shop.staff.token, 'merchantUser/offer/list')).toBe(3);
    // another merchant's count is its own
    const other = await shopFixture(t);
    expect(await listCount(other.merchant.token, 'merchant/offer/list')).toBe(1);
    expect(await listCount(m, 'merchant/offer/list')).toBe(3);
    expect(await countViolations()).toEqual([]);
  });

  it("count a merchant's active and inactive offers for the dashboard, through activations", async () => {
    const shop = await shopFixture(t); // one active offer
    const m = shop.merchant.token;
    const second = await addOffer(t, shop.merchant, [shop.branch.id], await addTags(t, 1));
    const dashboard = async () => {
      const res = await t.call('merchant/me', {}, { token: m });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { activeOffers, inactiveOffers } = res.body.data.counts;
      return { activeOffers, inactiveOffers };
    };
    const setActive = async (isActive: boolean) => {
      const res = await t.call('merchant/offer/update', { offerId: second, isActive: String(isActive) }, { token: m });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    expect(await dashboard()).toEqual({ activeOffers: 2, inactiveOffers: 0 });
    await setActive(false);
    expect(await dashboard()).toEqual({ activeOffers: 1, inactiveOffers: 1 });
    await setActive(false); // no move when nothing changed
    expect(await dashboard()).toEqual({ activeOffers: 1, inactiveOffers: 1 });
    expect(await listCount(m, 'merchant/offer/list')).toBe(2);
    await setActive(true);
    expect(await dashboard()).toEqual({ activeOffers: 2, inactiveOffers: 0 });
    expect(await countViolations()).toEqual([]);
  });

  it("are filled by the offers' migrations for the offers a database already had", async () => {
    const shop = await shopFixture(t);
    await addOffer(t, shop.merchant, [shop.branch.id, shop.otherBranch.id], await addTags(t, 1));
    const byActivity = offerActivityCounts(t.kind);
    const migration = offerCounts(t.kind);
    // back to before 0013 (0014 first: it replaced 0013's counter of a merchant's offers)
    await t.db.transaction().execute(async (trx) => {
      await byActivity.down(trx as never);
      await migration.down(trx as never);
    });
    const added = await addOffer(t, shop.merchant, [shop.otherBranch.id], await addTags(t, 1));
    await t.db.transaction().execute((trx) => migration.up(trx as never));
    expect(await listCount(shop.merchant.token, 'merchant/offer/list')).toBe(3);
    expect(await listCount(shop.otherStaff.token, 'merchantUser/offer/list')).toBe(2);
    // between 0013 and 0014: an offer deactivated
    await t.db.updateTable('offers').set({ isActive: 0 }).where('id', '=', added).execute();
    await t.db.transaction().execute((trx) => byActivity.up(trx as never));
    expect(await listCount(shop.merchant.token, 'merchant/offer/list')).toBe(3);
    const me = await t.call('merchant/me', {}, { token: shop.merchant.token });
    expect(me.body.data.counts).toMatchObject({ activeOffers: 2, inactiveOffers: 1 });
    expect(await countViolations()).toEqual([]);
  });
});
