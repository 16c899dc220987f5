/** Offer-request approvals under concurrency: points move once, an offer never sells more than it has. */
import { describe, expect, it } from 'vitest';
import {
  approveConcurrently,
  availableOf,
  balanceOf,
  customerFixture,
  expectLedgerInvariant,
  requestOffer,
  shopFixture,
  withRequestsServer,
} from './fixtures-requests';
import type { TestServer } from './harness';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

describe('approvals under concurrency', () => {
  it('50 concurrent approvals of one request (two staff and the merchant) move points once and take one offer', async () => {
    for (let round = 0; round < 3; round++) {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 100);
      const r = await requestOffer(t, shop, c);
      const results = await approveConcurrently(t, shop, 'req/approve', r.id);
      expect(results.map((x) => x.status)).toEqual(Array(50).fill(200));
      expect(results.every((x) => x.body.data.status === 'done')).toBe(true);
      expect(await balanceOf(t, 'user', c.id)).toBe(60);
      expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(40);
      expect(await availableOf(t, shop.offer.id)).toBe(9);
      const moves = await t.db
        .selectFrom('ledgerEntries')
        .selectAll()
        .where('reference', '=', `offer_request:${r.id}`)
        .execute();
      expect(moves).toHaveLength(2);
      await expectLedgerInvariant(t);
    }
  });

  it('50 concurrent requests and approvals against an offer with 10 left sell at most 10', async () => {
    for (let round = 0; round < 3; round++) {
      const shop = await shopFixture(t, { available: 10, points: 25 });
      const customers = await Promise.all(Array.from({ length: 10 }, () => customerFixture(t, 60)));
      const approvers = [shop.staff.token, shop.merchant.token];
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const c = customers[i % customers.length];
          const made = await t.call(
            'user/offer/request',
            { offerId: shop.offer.id, branchId: shop.branch.id, payWith: i % 5 === 0 ? 'price' : 'points' },
            { token: c.token },
          );
          if (made.status !== 200) return { made: made.status, message: made.body.message };
          const path = i % 2 ? 'merchant/req/approve' : 'merchantUser/req/approve';
          const ok = await t.call(path, { reqId: made.body.data.id }, { token: approvers[i % 2] });
          return { made: 200, approved: ok.status, message: ok.body.message };
        }),
      );
      for (const o of outcomes) {
        if (o.made !== 200)
          expect(['This offer is sold out', 'The customer does not have enough points']).toContain(o.message);
        else if (o.approved !== 200)
          expect(['This offer is sold out', 'The customer does not have enough points']).toContain(o.message);
      }
      const done = await t.db
        .selectFrom('offerRequests')
        .selectAll()
        .where('offerId', '=', shop.offer.id)
        .where('status', '=', 'done')
        .execute();
      const approved = outcomes.filter((o) => o.approved === 200).length;
      expect(done).toHaveLength(approved);
      expect(approved).toBe(10); // 26 of the 50 could be approved: exactly 10 are, never more
      expect(await availableOf(t, shop.offer.id)).toBe(10 - done.length);
      const byPoints = done.filter((d) => d.payWith === 'points');
      const moves = await t.db
        .selectFrom('ledgerEntries')
        .selectAll()
        .where('reason', '=', 'offerRequest')
        .where('accountType', '=', 'merchant')
        .where('accountId', '=', shop.merchant.id)
        .execute();
      expect(moves.map((m) => m.reference).sort()).toEqual(byPoints.map((d) => `offer_request:${d.id}`).sort());
      expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(byPoints.length * 25);
      // the pending ones that were refused are still pending and untouched
      const pending = await t.db
        .selectFrom('offerRequests')
        .select(['isAproved', 'approvedById'])
        .where('offerId', '=', shop.offer.id)
        .where('status', '=', 'pending')
        .execute();
      expect(pending.every((p) => p.isAproved === 0 && p.approvedById === null)).toBe(true);
      await expectLedgerInvariant(t);
    }
  });
});
