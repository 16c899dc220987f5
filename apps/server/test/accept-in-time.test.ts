/**
 * Accept in time (docs/domain.md "Accepting in time"): accepting with the preparation minutes, ready,
 * scope, validation, retries, the profile's limit, and the sweep that cancels what nobody accepted,
 * exactly once with two servers sweeping one database, and its race with accepting.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { clock } from '@loyalty/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import {
  assign,
  buyer,
  ledgerRows,
  ok,
  order,
  orderShop,
  requestRow,
  stockOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});
afterEach(() => clock.set());

const at = (iso: string) => clock.set(() => new Date(iso));
const accept = (token: string, id: number, prepMinutes: number | string, path = 'merchant/product/req/accept') =>
  t.call(path, { id, prepMinutes }, { token });

/**
 * A second server process on the same database (test/sweep-child.ts), ready to sweep at `now`:
 * `go()` starts its sweep and answers what it did.
 */
async function secondServer(now: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'sweep-child.ts')], {
    env: { ...process.env, ...t.databaseEnv, NOW: now },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let wake = () => {};
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
    wake();
  });
  const line = async (n: number) => {
    while (lines.length < n) await new Promise<void>((r) => (wake = r));
    return lines[n - 1] ?? '';
  };
  expect(await line(1)).toBe('ready');
  return {
    async go(): Promise<{ canceled: number[]; reminded: number[] }> {
      child.stdin.write('go\n');
      return JSON.parse(await line(2));
    },
  };
}

describe('accepting', () => {
  it('records who, when, the prep minutes and the expected ready time; a retry moves nothing twice', async () => {
    at('2026-06-15T09:00:00Z');
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    const before = await ok(t.call('merchant/product/req/details', { id }, { token: s.merchant.token }));
    expect(before.acceptedAt).toBeNull();
    expect(before.acceptBy).toBe('2026-06-15T09:10:00.000Z');
    at('2026-06-15T09:02:00Z');
    const r = await ok(accept(s.staff.token, id, 20, 'merchantUser/product/req/accept'));
    expect(r).toMatchObject({
      acceptedAt: '2026-06-15T09:02:00.000Z',
      acceptedBy: { type: 'merchantUser', id: s.staff.id },
      prepMinutes: 20,
      readyBy: '2026-06-15T09:22:00.000Z',
      acceptBy: null,
      status: 'pending',
    });
    at('2026-06-15T09:03:00Z');
    const again = await ok(accept(s.merchant.token, id, 45));
    expect(again.prepMinutes).toBe(20);
    expect(again.acceptedAt).toBe('2026-06-15T09:02:00.000Z');
    const audits = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', id)
      .where('action', '=', 'productRequest.accept')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('refuses prep minutes outside 5-120 with 422, and a canceled order with 409', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    for (const bad of [4, 121, 'soon', '', 7.5]) {
      const r = await accept(s.merchant.token, id, bad);
      expect(r.status, String(bad)).toBe(422);
      expect(r.body.errors.map((x: { field: string }) => x.field)).toEqual(['prepMinutes']);
    }
    await ok(t.call('user/product/req/cancel', { id }, { token: c.token }));
    const r = await accept(s.merchant.token, id, 10);
    expect(r.status).toBe(409);
    expect((await requestRow(t, id)).acceptedAt).toBeNull();
  });

  it('keeps to the scope: another branch or merchant answers 404, couriers and customers 403', async () => {
    const s = await orderShop(t);
    const other = await orderShop(t);
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    expect((await accept(s.otherStaff.token, id, 10, 'merchantUser/product/req/accept')).status).toBe(404);
    expect((await accept(other.merchant.token, id, 10)).status).toBe(404);
    expect((await accept(s.courier.token, id, 10, 'merchantUser/product/req/accept')).status).toBe(403);
    expect((await accept(c.token, id, 10)).status).toBe(403);
    expect((await requestRow(t, id)).acceptedAt).toBeNull();
  });

  it('ready: only once accepted; recorded once; a delivery tells its courier through the feed event', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const id = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [id]));
    const early = await t.call('merchant/product/req/ready', { id }, { token: s.merchant.token });
    expect(early.status).toBe(409);
    await ok(accept(s.merchant.token, id, 15));
    const ready = await ok(t.call('merchantUser/product/req/ready', { id }, { token: s.staff.token }));
    expect(ready.readyAt).not.toBeNull();
    const again = await ok(t.call('merchant/product/req/ready', { id }, { token: s.merchant.token }));
    expect(again.readyAt).toBe(ready.readyAt);
    const events = await t.db
      .selectFrom('counterEvents')
      .select(['action', 'employeeId'])
      .where('entityId', '=', id)
      .where('action', '=', 'ready')
      .execute();
    expect(events).toEqual([{ action: 'ready', employeeId: s.courier.id }]);
  });
});

describe('what waits', () => {
  it('me counts the orders to accept: the merchant all, staff their branch; accepting clears it', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    const counts = async (token: string, path: string) => (await ok(t.call(path, {}, { token }))).counts.ordersToAccept;
    expect(await counts(s.merchant.token, 'merchant/me')).toBe(1);
    expect(await counts(s.staff.token, 'merchantUser/me')).toBe(1);
    expect(await counts(s.otherStaff.token, 'merchantUser/me')).toBe(0);
    const second = await order(t, s, c);
    const waiting = await ok(t.call('merchant/product/req/list', { toAccept: true }, { token: s.merchant.token }));
    expect(waiting.productRequests.rows.map((r: { id: number }) => r.id)).toEqual([id, second]);
    await ok(accept(s.merchant.token, second, 5));
    await ok(accept(s.staff.token, id, 10, 'merchantUser/product/req/accept'));
    expect(await counts(s.merchant.token, 'merchant/me')).toBe(0);
    expect(await counts(s.staff.token, 'merchantUser/me')).toBe(0);
  });
});

describe('the limit in the profile', () => {
  it('defaults to 10, takes 1-60, refuses the rest with 422', async () => {
    const s = await orderShop(t);
    const me = await ok(t.call('merchant/me', {}, { token: s.merchant.token }));
    expect(me.MerchantProfile.acceptWithinMinutes).toBe(10);
    const base = { fName: me.name, mobile: me.mobile };
    for (const bad of [0, 61, 'x']) {
      const r = await t.call(
        'merchant/updateProfile',
        { ...base, acceptWithinMinutes: bad },
        { token: s.merchant.token },
      );
      expect(r.status, String(bad)).toBe(422);
    }
    const r = await ok(
      t.call('merchant/updateProfile', { ...base, acceptWithinMinutes: 3 }, { token: s.merchant.token }),
    );
    expect(r.MerchantProfile.acceptWithinMinutes).toBe(3);
  });
});

describe('the sweep', () => {
  it('cancels at the limit with the reason in the customer language, stock back, reminds at half, once each', async () => {
    at('2026-06-15T10:00:00Z');
    const s = await orderShop(t, { stockAmount: 5 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    const kept = await order(t, s, c);
    await ok(accept(s.merchant.token, kept, 10));
    expect(await stockOf(t, s.product.id)).toBe(3);
    at('2026-06-15T10:04:59Z');
    expect((await t.services.acceptInTime.sweep()).reminded).not.toContain(id);
    at('2026-06-15T10:05:00Z');
    expect((await t.services.acceptInTime.sweep()).reminded).toContain(id);
    expect((await t.services.acceptInTime.sweep()).reminded).not.toContain(id);
    expect((await requestRow(t, id)).acceptRemindedAt).toBe('2026-06-15T10:05:00.000Z');
    at('2026-06-15T10:10:00Z');
    const swept = await t.services.acceptInTime.sweep();
    expect(swept.canceled).toContain(id);
    expect(swept.canceled).not.toContain(kept);
    expect((await t.services.acceptInTime.sweep()).canceled).not.toContain(id);
    expect(await stockOf(t, s.product.id)).toBe(4);
    const row = await requestRow(t, id);
    expect(row).toMatchObject({ status: 'canceled', isCanceled: 1, cancelReason: 'notAcceptedInTime' });
    // nothing was taken at ordering (points move at completion): no ledger row to give back
    expect(await ledgerRows(t, `product_request:${id}`)).toEqual([]);
    const list = await ok(t.call('user/product/req/list', {}, { token: c.token, lang: 'ar' }));
    const mine = list.rows.find((r: { id: number }) => r.id === id);
    expect(mine.cancelReason).toBe('notAcceptedInTime');
    expect(mine.cancelReasonText).toContain('لم يقبل المتجر');
    // accepting after the cancellation: 409
    expect((await accept(s.merchant.token, id, 10)).status).toBe(409);
  });

  it('follows the merchant limit', async () => {
    at('2026-06-15T11:00:00Z');
    const s = await orderShop(t);
    await t.db.updateTable('merchants').set({ acceptWithinMinutes: 30 }).where('id', '=', s.merchant.id).execute();
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    at('2026-06-15T11:20:00Z');
    expect((await t.services.acceptInTime.sweep()).canceled).not.toContain(id);
    at('2026-06-15T11:30:00Z');
    expect((await t.services.acceptInTime.sweep()).canceled).toContain(id);
  });

  it('two servers sweeping one database at once: one cancellation, stock back once', async () => {
    for (let round = 0; round < 2; round++) {
      at('2026-06-16T09:00:00Z');
      const s = await orderShop(t, { stockAmount: 5 });
      const c = await buyer(t, 100);
      const ids = [await order(t, s, c), await order(t, s, c), await order(t, s, c)];
      at('2026-06-16T09:10:00Z');
      const b = await secondServer('2026-06-16T09:10:00Z');
      const [one, two] = await Promise.all([b.go(), t.services.acceptInTime.sweep()]);
      const canceled = [...one.canceled, ...two.canceled].filter((x) => ids.includes(x)).sort();
      expect(canceled).toEqual([...ids].sort());
      expect(await stockOf(t, s.product.id)).toBe(5);
      const events = await t.db
        .selectFrom('counterEvents')
        .select('entityId')
        .where('entityId', 'in', ids)
        .where('action', '=', 'autoCanceled')
        .execute();
      expect(events).toHaveLength(3);
    }
  });

  it('accept racing the sweep: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      at('2026-06-17T09:00:00Z');
      const s = await orderShop(t, { stockAmount: 5 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c);
      at('2026-06-17T09:10:00Z');
      const [res, swept] = await Promise.all([accept(s.merchant.token, id, 10), t.services.acceptInTime.sweep()]);
      const row = await requestRow(t, id);
      if (res.status === 200) {
        expect(row.status).toBe('pending');
        expect(row.acceptedAt).not.toBeNull();
        expect(swept.canceled).not.toContain(id);
        expect(await stockOf(t, s.product.id)).toBe(4);
      } else {
        expect(res.status).toBe(409);
        expect(row.status).toBe('canceled');
        expect(row.acceptedAt).toBeNull();
        expect(swept.canceled).toContain(id);
        expect(await stockOf(t, s.product.id)).toBe(5);
      }
    }
  });
});
