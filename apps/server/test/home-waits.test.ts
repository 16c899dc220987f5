/**
 * Issue 26, points 5 and 6: what waits on the home (staff's branch list of orders to accept, the
 * counts of deliveries without a courier and of redeems pending) and the reports' accepting figures
 * per branch (median time to accept, share in time, auto-cancellations, paused minutes).
 */
import { clock } from '@loyalty/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect';
import type { Fields, TestServer } from './harness';
import { assign, buyer, ok, order, orderShop, withRequestsServer } from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});
afterEach(() => clock.set());

const at = (iso: string) => clock.set(() => new Date(iso));
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('what waits on the home', () => {
  it('staff list their branch orders to accept, oldest first; other branches, couriers and customers cannot', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const first = await order(t, s, c);
    const second = await order(t, s, c, { type: 'delivery' });
    await order(t, s, c, { branchId: s.otherBranch.id });
    const list = (token: string, body: Fields = { toAccept: true }) =>
      t.call('merchantUser/product/req/branchList', body, { token });
    const mine = await ok(list(s.staff.token));
    expect(ids(mine.productRequests.rows)).toEqual([first, second]);
    expect(mine.productRequests.count).toBe(2);
    expect(mine.productRequests.rows[0].acceptBy).not.toBeNull();
    const theirs = await ok(list(s.otherStaff.token));
    expect(theirs.productRequests.count).toBe(1);
    expect(ids(theirs.productRequests.rows)).not.toContain(first);
    expect((await list(s.courier.token)).status).toBe(403);
    expect((await list(s.merchant.token)).status).toBe(403);
    expect((await list(c.token)).status).toBe(403);
    expect((await list(s.staff.token, { toAccept: 'maybe' })).status).toBe(422);
    await ok(t.call('merchantUser/product/req/accept', { id: first, prepMinutes: 10 }, { token: s.staff.token }));
    expect(ids((await ok(list(s.staff.token))).productRequests.rows)).toEqual([second]);
  });

  it('counts and lists deliveries without a courier, and redeems pending, per scope', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const delivery = await order(t, s, c, { type: 'delivery' });
    const assigned = await order(t, s, c, { type: 'delivery' });
    await order(t, s, c);
    await ok(assign(t, s, [assigned]));
    const now = nowIso();
    await t.db
      .insertInto('redeemRequests')
      .values({
        merchantId: s.merchant.id,
        branchId: s.branch.id,
        userId: c.id,
        amount: 10,
        isApproved: 0,
        approvedByType: null,
        approvedById: null,
        approvedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const counts = async (path: string, token: string) => (await ok(t.call(path, {}, { token }))).counts;
    expect(await counts('merchant/me', s.merchant.token)).toMatchObject({
      deliveriesWithoutCourier: 1,
      pendingRedeems: 1,
      ordersToAccept: 3,
    });
    expect(await counts('merchantUser/me', s.staff.token)).toMatchObject({
      deliveriesWithoutCourier: 1,
      pendingRedeems: 1,
    });
    expect(await counts('merchantUser/me', s.otherStaff.token)).toMatchObject({
      deliveriesWithoutCourier: 0,
      pendingRedeems: 0,
    });
    const merchantList = await ok(
      t.call('merchant/product/req/list', { noCourier: true }, { token: s.merchant.token }),
    );
    expect(ids(merchantList.productRequests.rows)).toEqual([delivery]);
    const staffList = await ok(
      t.call('merchantUser/product/req/branchList', { noCourier: true }, { token: s.staff.token }),
    );
    expect(ids(staffList.productRequests.rows)).toEqual([delivery]);
  });
});

describe('the reports: accepting in time and pauses per branch', () => {
  it('median time to accept, share in time, auto-cancellations and paused minutes', async () => {
    at('2026-06-15T09:00:00Z');
    const s = await orderShop(t, { stockAmount: 20 });
    const c = await buyer(t, 100);
    const [a, b, d, late] = [await order(t, s, c), await order(t, s, c), await order(t, s, c), await order(t, s, c)];
    const other = await order(t, s, c, { branchId: s.otherBranch.id });
    const accept = (id: number) =>
      ok(t.call('merchant/product/req/accept', { id, prepMinutes: 10 }, { token: s.merchant.token }));
    at('2026-06-15T09:02:00Z');
    await accept(a);
    at('2026-06-15T09:04:00Z');
    await accept(b);
    at('2026-06-15T09:09:00Z');
    await accept(d);
    at('2026-06-15T09:10:00Z');
    const swept = await t.services.acceptInTime.sweep();
    expect(swept.canceled).toEqual(expect.arrayContaining([late, other]));

    // paused 09:20-09:35 (resumed early), then 09:40 for 15 minutes (ends by itself): 30 minutes
    const pause = (minutes: number) =>
      ok(
        t.call(
          'merchant/branch/pause',
          { branchId: s.branch.id, minutes, reason: 'Kitchen full' },
          { token: s.merchant.token },
        ),
      );
    at('2026-06-15T09:20:00Z');
    await pause(30);
    at('2026-06-15T09:35:00Z');
    await ok(t.call('merchant/branch/resume', { branchId: s.branch.id }, { token: s.merchant.token }));
    at('2026-06-15T09:40:00Z');
    await pause(15);

    at('2026-06-15T12:00:00Z');
    const report = async (body: Record<string, string>) =>
      (await ok(t.call('merchant/chart/orders/branches', body, { token: s.merchant.token }))) as {
        branchId: number;
      }[];
    const rows = await report({ from: '2026-06-15', to: '2026-06-15' });
    expect(rows.find((r) => r.branchId === s.branch.id)).toMatchObject({
      medianAcceptSeconds: 240,
      acceptedInTimePercent: 75,
      autoCanceled: 1,
      pausedMinutes: 30,
    });
    expect(rows.find((r) => r.branchId === s.otherBranch.id)).toMatchObject({
      medianAcceptSeconds: null,
      acceptedInTimePercent: 0,
      autoCanceled: 1,
      pausedMinutes: 0,
    });
    // another day: nothing
    expect(
      (await report({ from: '2026-06-16', to: '2026-06-16' })).find((r) => r.branchId === s.branch.id),
    ).toMatchObject({
      medianAcceptSeconds: null,
      acceptedInTimePercent: null,
      autoCanceled: 0,
      pausedMinutes: 0,
    });
  });

  it('a pause running into the range counts from the range start only, and a running pause up to now', async () => {
    at('2026-07-01T20:30:00Z'); // 23:30 in Doha on July 1st
    const s = await orderShop(t);
    await ok(
      t.call(
        'merchant/branch/pause',
        { branchId: s.branch.id, minutes: 120, reason: 'Stocktaking' },
        { token: s.merchant.token },
      ),
    );
    at('2026-07-01T21:45:00Z'); // 00:45 on July 2nd in Doha, the pause still running
    const rows = await ok(
      t.call('merchant/chart/orders/branches', { from: '2026-07-02', to: '2026-07-02' }, { token: s.merchant.token }),
    );
    expect(rows.find((r: { branchId: number }) => r.branchId === s.branch.id).pausedMinutes).toBe(45);
  });
});
