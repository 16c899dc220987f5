/**
 * Issue 26's three-way race on one new order past its limit: the customer's cancel, the merchant's
 * and staff's accepts and the auto-cancel sweep, all fired at once, many times. Exactly one of the
 * three wins: canceled by the customer, canceled by the sweep, or accepted (a customer cannot cancel
 * an accepted order, docs/domain.md). An accept never lands on a canceled order, the stock comes back
 * at most once and no points or price move (they are taken only at completion, docs/domain.md
 * "Accepting in time").
 */
import { clock } from '@loyalty/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Res, TestServer } from './harness';
import {
  balanceOf,
  buyer,
  expectLedgerInvariant,
  ledgerRows,
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

const ROUNDS = 6;
const EACH = 8;

describe('customer cancel vs accept vs the sweep on one order', () => {
  it('exactly one wins; stock back at most once, no ledger movement', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      clock.set(() => new Date('2026-06-18T09:00:00Z'));
      const s = await orderShop(t, { points: 40, stockAmount: 5 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c, { type: round % 2 ? 'delivery' : 'pickup' });
      const product = round % 2 ? s.deliveryProduct.id : s.product.id;
      expect(await stockOf(t, product)).toBe(4);
      // past the limit: the sweep may cancel it, and the accepts and the cancel still race it
      clock.set(() => new Date('2026-06-18T09:10:00Z'));
      const calls: Promise<Res | { canceled: number[] }>[] = [];
      for (let i = 0; i < EACH; i++) {
        calls.push(t.call('user/product/req/cancel', { id }, { token: c.token }));
        calls.push(
          i % 2
            ? t.call('merchant/product/req/accept', { id, prepMinutes: 10 }, { token: s.merchant.token })
            : t.call('merchantUser/product/req/accept', { id, prepMinutes: 15 }, { token: s.staff.token }),
        );
        if (i % 2 === 0) calls.push(t.services.acceptInTime.sweep());
      }
      const results = await Promise.all(calls);
      const responses = results.filter((r): r is Res => 'status' in r);
      const sweeps = results.filter((r): r is { canceled: number[] } => 'canceled' in r);
      for (const r of responses) expect([200, 409]).toContain(r.status);
      const cancels = responses.filter((r) => r.body?.data?.isCanceled && r.status === 200);
      const accepts = responses.filter((r) => r.status === 200 && !r.body.data.isCanceled);
      const swept = sweeps.filter((x) => x.canceled.includes(id)).length;

      const row = await requestRow(t, id);
      // exactly one of the three wins
      expect(swept).toBeLessThanOrEqual(1);
      expect(cancels.length).toBeLessThanOrEqual(1);
      expect(swept + cancels.length + (accepts.length > 0 ? 1 : 0)).toBe(1);
      if (swept === 1) {
        seen.add('sweep');
        expect(row).toMatchObject({ status: 'canceled', cancelReason: 'notAcceptedInTime', acceptedAt: null });
      } else if (cancels.length === 1) {
        seen.add('customer');
        expect(row).toMatchObject({ status: 'canceled', cancelReason: null, acceptedAt: null });
      } else {
        seen.add('accept');
        expect(row.status).toBe('pending');
        expect(row.acceptedAt).not.toBeNull();
      }
      // every 200 accept answers the one acceptance (the first prep minutes kept)
      for (const a of accepts) expect(a.body.data.acceptedAt).toBe(row.acceptedAt);
      expect(await stockOf(t, product)).toBe(row.status === 'canceled' ? 5 : 4);
      expect(await ledgerRows(t, `product_request:${id}`)).toEqual([]);
      expect(await ledgerRows(t, `product_refund:${id}`)).toEqual([]);
      expect(await balanceOf(t, 'user', c.id)).toBe(100);
      const events = await t.db
        .selectFrom('counterEvents')
        .select('action')
        .where('entityId', '=', id)
        .where('action', 'in', ['canceled', 'autoCanceled', 'accepted'])
        .execute();
      expect(events.filter((e) => e.action !== 'accepted').length).toBe(row.status === 'canceled' ? 1 : 0);
      expect(events.filter((e) => e.action === 'accepted').length).toBe(row.acceptedAt === null ? 0 : 1);
    }
    await expectLedgerInvariant(t);
    expect(seen.size).toBeGreaterThanOrEqual(1);
  });
});
