/**
 * Races on every state-changing call on a shared object (issue "proof suites"): 50 calls at once,
 * repeated (`npm test`: 1 round; `npm run test:proof`: 100), on the database of the project that
 * runs the file. After every round the shared invariants hold (invariants.ts: ledger sums equal
 * balances, nothing negative, each movement and settlement once, one default card) and the object
 * moved exactly once. A new state-changing call adds one entry to RACES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveConcurrently, availableOf, customerFixture, requestOffer, shopFixture } from '../fixtures-requests';
import { merchantFixture, type Res, startTestServer, type TestServer } from '../harness';
import { addCard, CARDS, packageFixture } from '../money-fixtures';
import {
  assign,
  buyer,
  ledgerRows,
  moveDelivery,
  ok,
  order,
  orderShop,
  pickedOrder,
  requestRow,
  settlementsOf,
  stockOf,
} from '../orders-fixtures';
import { expectInvariants } from './invariants';

const FULL = process.env.PROOF_FULL === '1';
const ROUNDS = FULL ? 100 : 1;
const N = 50;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const at = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const count = (results: Res[], status: number) => results.filter((r) => r.status === status).length;
/** One call wins with 200, every other answers 409 (never 5xx). */
const oneWinner = (results: Res[]) => {
  expect(count(results, 200), JSON.stringify(results.find((r) => r.status !== 200 && r.status !== 409)?.body)).toBe(1);
  expect(count(results, 409)).toBe(N - 1);
};

interface Race {
  name: string;
  /** One round: builds its own objects, fires N calls at once, checks the object moved once. */
  round(): Promise<void>;
}

const RACES: Race[] = [
  {
    name: 'offer request approvals (two staff and the merchant)',
    async round() {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 100);
      const r = await requestOffer(t, shop, c);
      const before = await availableOf(t, shop.offer.id);
      const results = await approveConcurrently(t, shop, 'req/approve', r.id, N);
      expect(count(results, 200)).toBe(N); // approving a done request answers it as it is
      expect(await ledgerRows(t, `offer_request:${r.id}`)).toHaveLength(2);
      expect(await availableOf(t, shop.offer.id)).toBe(before - 1);
    },
  },
  {
    name: 'redeem approvals (two staff and the merchant)',
    async round() {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 100);
      const made = await t.call(
        'user/redeem',
        { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 35 },
        { token: c.token },
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const results = await approveConcurrently(t, shop, 'req/redeem/approve', made.body.data.id, N);
      expect(count(results, 200)).toBe(N);
      expect(await ledgerRows(t, `redeem_request:${made.body.data.id}`)).toHaveLength(2);
    },
  },
  {
    name: 'product completions (changeStatus done)',
    async round() {
      const s = await orderShop(t, { points: 40, stockAmount: 3 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c);
      oneWinner(
        await at(N, () =>
          t.call('merchant/product/req/changeStatus', { id, status: 'done' }, { token: s.merchant.token }),
        ),
      );
      expect(await settlementsOf(t, id)).toHaveLength(1);
      expect(await stockOf(t, s.product.id)).toBe(2);
    },
  },
  {
    name: 'delivery completions by the courier',
    async round() {
      const s = await orderShop(t, { points: 40 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c, { type: 'delivery' });
      await ok(assign(t, s, [id]));
      await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
      oneWinner(await at(N, () => moveDelivery(t, s.courier.token, id, 'done')));
      expect(await settlementsOf(t, id)).toHaveLength(1);
    },
  },
  {
    name: 'cancels by the customer',
    async round() {
      const s = await orderShop(t, { stockAmount: 3 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c);
      oneWinner(await at(N, () => t.call('user/product/req/cancel', { id }, { token: c.token })));
      expect(await stockOf(t, s.product.id)).toBe(3);
      expect((await requestRow(t, id)).status).toBe('canceled');
    },
  },
  {
    name: 'cancels racing completions',
    async round() {
      const s = await orderShop(t, { points: 40, stockAmount: 3 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c);
      oneWinner(
        await at(N, (i) =>
          i % 2
            ? t.call('user/product/req/cancel', { id }, { token: c.token })
            : t.call('merchant/product/req/changeStatus', { id, status: 'done' }, { token: s.merchant.token }),
        ),
      );
      const row = await requestRow(t, id);
      expect(await settlementsOf(t, id)).toHaveLength(row.status === 'done' ? 1 : 0);
    },
  },
  {
    name: 'refund confirmations',
    async round() {
      const s = await orderShop(t, { points: 40, stockAmount: 3 });
      const c = await buyer(t, 100);
      const id = await pickedOrder(t, s, c);
      await ok(t.call('user/product/req/refund', { id, comment: 'Wrong size' }, { token: c.token }));
      oneWinner(
        await at(N, (i) =>
          t.call('user/req/confirm/refund', { reqId: id, comment: `confirm ${i}` }, { token: s.merchant.token }),
        ),
      );
      expect(await ledgerRows(t, `product_refund:${id}`)).toHaveLength(2);
      expect(await stockOf(t, s.product.id)).toBe(3);
    },
  },
  {
    name: 'assignments of one delivery to two couriers',
    async round() {
      const s = await orderShop(t);
      const c = await buyer(t, 100);
      const id = await order(t, s, c, { type: 'delivery' });
      const results = await at(N, (i) => assign(t, s, [id], i % 2 ? s.courier.id : s.otherCourier.id));
      for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      const row = await requestRow(t, id);
      expect([s.courier.id, s.otherCourier.id]).toContain(row.employeeId);
      expect(row.deliveryStatus).toBe('pending');
    },
  },
  {
    name: 'package purchases with one idempotency key',
    async round() {
      const m = await merchantFixture(t);
      const card = await addCard(t, m.token);
      const pkg = await packageFixture(t, { points: 700, amountCents: 1500 });
      const results = await at(N, () =>
        t.call(
          'merchant/req/package',
          { packageId: pkg.id, cardId: card.id, idempotencyKey: 'race' },
          { token: m.token },
        ),
      );
      expect(count(results, 200), JSON.stringify(results.find((r) => r.status !== 200)?.body)).toBe(N);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      const bought = await t.db.selectFrom('packageRequests').select('id').where('merchantId', '=', m.id).execute();
      expect(bought).toHaveLength(1);
    },
  },
  {
    name: 'default card changes',
    async round() {
      const m = await merchantFixture(t);
      const ids = [(await addCard(t, m.token)).id];
      for (const n of [CARDS.mastercard, CARDS.visaDebit]) ids.push((await addCard(t, m.token, { number: n })).id);
      const results = await at(N, (i) => t.call('merchant/card/setDefault', { id: ids[i % 3] }, { token: m.token }));
      expect(count(results, 200)).toBe(N);
    },
  },
];

describe(`races: ${N} calls at once, ${ROUNDS} rounds each`, () => {
  for (const race of RACES)
    it(
      race.name,
      async () => {
        for (let round = 0; round < ROUNDS; round++) {
          await race.round();
          await expectInvariants(t.db, `after round ${round + 1} of ${race.name}`);
        }
      },
      FULL ? 1_800_000 : 120_000,
    );
});
