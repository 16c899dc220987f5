/**
 * Races on every state-changing call on a shared object (issue "proof suites"): 50 calls at once,
 * repeated (`npm test`: 1 round; `npm run test:proof`: 100), on the database of the project that
 * runs the file. After every round the shared invariants hold (invariants.ts: ledger sums equal
 * balances, nothing negative, each movement and settlement once, one default card) and the object
 * moved exactly once. A new state-changing call adds one entry to RACES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamTicket } from '../feed-client';
import {
  approveConcurrently,
  availableOf,
  customerFixture,
  requestOffer,
  type Shop,
  shopFixture,
  staffFixture,
} from '../fixtures-requests';
import { lastCodeTo, merchantFixture, nextMobile, type Res, startTestServer, type TestServer } from '../harness';
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
  pinOf,
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

const odd = (results: Res[]) => JSON.stringify(results.find((r) => r.status !== 200)?.body);
/** Rejects from two staff and the merchant at once. */
async function rejectConcurrently(shop: Shop, suffix: string, reqId: number, n = N) {
  const second = await staffFixture(t, shop.merchant.id, shop.branch.id);
  const tokens = [shop.staff.token, second.token, shop.merchant.token];
  return at(n, (i) =>
    t.call(
      `${i % 3 === 2 ? 'merchant' : 'merchantUser'}/${suffix}`,
      { reqId, reason: `Rejected by caller ${i}` },
      { token: tokens[i % 3] },
    ),
  );
}
/** Even calls reject, odd calls approve (`<prefix>/reject`, `<prefix>/approve`), staff and merchant mixed. */
const rejectOrApprove = (shop: Shop, prefix: string, reqId: number) =>
  at(N, (i) => {
    const who = i % 4 < 2 ? 'merchant' : 'merchantUser';
    const token = who === 'merchant' ? shop.merchant.token : shop.staff.token;
    return i % 2
      ? t.call(`${who}/${prefix}/approve`, { reqId }, { token })
      : t.call(`${who}/${prefix}/reject`, { reqId, reason: `Rejected by caller ${i}` }, { token });
  });
/** Every call of the winning side answers 200 (repeats answer the row as it is), every other 409. */
const oneSideWins = (results: Res[], side: 'approve' | 'reject') =>
  results.forEach((r, i) => {
    const isApprove = i % 2 === 1;
    expect(r.status, `${side} won; call ${i} ${JSON.stringify(r.body)}`).toBe(
      isApprove === (side === 'approve') ? 200 : 409,
    );
  });
const audits = async (action: string, entityId: number) =>
  (
    await t.db
      .selectFrom('auditLog')
      .select('id')
      .where('action', '=', action)
      .where('entityId', '=', entityId)
      .execute()
  ).length;

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
      expect(await audits('offerRequest.approve', r.id)).toBe(1); // and writes nothing again
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
    name: 'offer request rejects (two staff and the merchant)',
    async round() {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 100);
      const r = await requestOffer(t, shop, c);
      const before = await availableOf(t, shop.offer.id);
      const results = await rejectConcurrently(shop, 'req/reject', r.id);
      expect(count(results, 200), odd(results)).toBe(N); // rejecting a rejected request answers it as it is
      expect(await ledgerRows(t, `offer_request:${r.id}`)).toHaveLength(0);
      expect(await availableOf(t, shop.offer.id)).toBe(before);
      expect(await audits('offerRequest.reject', r.id)).toBe(1);
    },
  },
  {
    name: 'offer request rejects racing approvals',
    async round() {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 100);
      const r = await requestOffer(t, shop, c);
      const before = await availableOf(t, shop.offer.id);
      const results = await rejectOrApprove(shop, 'req', r.id);
      const row = await t.db.selectFrom('offerRequests').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
      oneSideWins(results, row.status === 'done' ? 'approve' : 'reject');
      expect(await ledgerRows(t, `offer_request:${r.id}`)).toHaveLength(row.status === 'done' ? 2 : 0);
      expect(await availableOf(t, shop.offer.id)).toBe(row.status === 'done' ? before - 1 : before);
    },
  },
  {
    name: 'redeem rejects (50 at once, then racing approvals)',
    async round() {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 100);
      const made = await t.call(
        'user/redeem',
        { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 35 },
        { token: c.token },
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = made.body.data.id as number;
      const rejects = await rejectConcurrently(shop, 'req/redeem/reject', id);
      expect(count(rejects, 200), odd(rejects)).toBe(N);
      const again = await rejectOrApprove(shop, 'req/redeem', id);
      oneSideWins(again, 'reject');
      // a fresh one, raced from the start
      const next = await t.call(
        'user/redeem',
        { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 20 },
        { token: c.token },
      );
      const results = await rejectOrApprove(shop, 'req/redeem', next.body.data.id);
      const row = await t.db
        .selectFrom('redeemRequests')
        .selectAll()
        .where('id', '=', next.body.data.id)
        .executeTakeFirstOrThrow();
      oneSideWins(results, row.isApproved === 1 ? 'approve' : 'reject');
      expect(await ledgerRows(t, `redeem_request:${id}`)).toHaveLength(0);
      expect(await ledgerRows(t, `redeem_request:${next.body.data.id}`)).toHaveLength(row.isApproved === 1 ? 2 : 0);
      expect(await audits('redeem.reject', id)).toBe(1);
    },
  },
  {
    name: 'product request rejects (stock back once)',
    async round() {
      const s = await orderShop(t, { points: 40, stockAmount: 3 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c);
      expect(await stockOf(t, s.product.id)).toBe(2);
      const results = await at(N, (i) =>
        t.call(
          `${i % 2 ? 'merchant' : 'merchantUser'}/product/req/reject`,
          { reqId: id, reason: `reject ${i}` },
          { token: i % 2 ? s.merchant.token : s.staff.token },
        ),
      );
      expect(count(results, 200), odd(results)).toBe(N);
      expect(await stockOf(t, s.product.id)).toBe(3);
      expect((await requestRow(t, id)).status).toBe('rejected');
      expect(await settlementsOf(t, id)).toHaveLength(0);
      expect(await audits('productRequest.reject', id)).toBe(1);
    },
  },
  {
    name: 'product request rejects racing completions and cancels',
    async round() {
      const s = await orderShop(t, { points: 40, stockAmount: 3 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c);
      const results = await at(N, (i) =>
        i % 3 === 0
          ? t.call('merchant/product/req/reject', { reqId: id, reason: `reject ${i}` }, { token: s.merchant.token })
          : i % 3 === 1
            ? t.call('merchant/product/req/changeStatus', { id, status: 'done' }, { token: s.merchant.token })
            : t.call('user/product/req/cancel', { id }, { token: c.token }),
      );
      for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      const row = await requestRow(t, id);
      // the winner's kind answered 200; the other kinds all 409 (a repeated reject answers 200)
      const won = row.status === 'rejected' ? 0 : row.status === 'done' ? 1 : 2;
      results.forEach((r, i) => {
        if (i % 3 !== won) expect(r.status, `${row.status}: call ${i} ${JSON.stringify(r.body)}`).toBe(409);
      });
      expect(results.filter((r, i) => i % 3 === won && r.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(await stockOf(t, s.product.id)).toBe(row.status === 'done' ? 2 : 3);
      expect(await settlementsOf(t, id)).toHaveLength(row.status === 'done' ? 1 : 0);
    },
  },
  {
    name: 'ticket closes',
    async round() {
      const m = await merchantFixture(t);
      const made = await t.call(
        'merchant/ticket/create',
        { ticketType: 'general', ticketBody: 'A ticket closed fifty times at once.' },
        { token: m.token },
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = made.body.data.id as number;
      oneWinner(await at(N, () => t.call('merchant/ticket/close', { id }, { token: m.token })));
      const row = await t.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('closed');
      const reply = await t.call(
        'merchant/userTicket/message/reply',
        { ticketId: id, messageBody: 'too late' },
        { token: m.token },
      );
      expect(reply.status).toBe(409);
    },
  },
  {
    name: 'ticket replies racing a close (merchant and operator)',
    async round() {
      // two tickets, each closed once while its merchant and the operator reply: no message is
      // ever stored after the close (issue 23, point 7: PostgreSQL stored some after closedAt)
      const m = await merchantFixture(t);
      const TICKETS = 2;
      const ids: number[] = [];
      for (let k = 0; k < TICKETS; k++) {
        const made = await t.call(
          'merchant/ticket/create',
          { ticketType: 'general', ticketBody: `Ticket ${k}: replies racing its close.` },
          { token: m.token },
        );
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        ids.push(made.body.data.id as number);
      }
      const results = await at(N, async (i) => {
        const ticketId = ids[i % TICKETS];
        const slot = Math.floor(i / TICKETS);
        // the close is sent early among the calls: most replies race it for the row lock
        if (slot === 3) return t.call('merchant/ticket/close', { id: ticketId }, { token: m.token });
        if (slot % 3 === 2)
          return t.services.operator.replyTicket(String(ticketId), `Operator reply ${i}`, 'cli').then(
            () => ({ status: 200, body: {}, headers: new Headers() }),
            (err: { status?: number }) => ({ status: err.status ?? 500, body: {}, headers: new Headers() }),
          );
        return t.call('merchant/userTicket/message/reply', { ticketId, messageBody: `Reply ${i}` }, { token: m.token });
      });
      for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      for (const [k, id] of ids.entries()) {
        const ticket = await t.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(ticket.status).toBe('closed');
        const messages = await t.db.selectFrom('ticketMessages').selectAll().where('ticketId', '=', id).execute();
        const late = messages.filter((msg) => msg.createdAt > (ticket.closedAt ?? ''));
        expect(late, `ticket ${id} closed at ${ticket.closedAt}`).toEqual([]);
        // every reply answered 200 is stored, every 409 is not
        const replied = results.filter((r, i) => i % TICKETS === k && r.status === 200).length - 1; // minus the close
        expect(messages).toHaveLength(replied);
      }
    },
  },
  {
    name: 'courier status changes with one idempotency key',
    async round() {
      const s = await orderShop(t, { points: 40 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c, { type: 'delivery' });
      await ok(assign(t, s, [id]));
      await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
      const pin = await pinOf(t, id);
      const send = () =>
        t.call(
          'merchantUser/product/req/changeStatus',
          { id, deliveryStatus: 'done', pin, idempotencyKey: `race-${id}` },
          { token: s.courier.token },
        );
      // replays racing the first call: the state machine lets one through (docs/domain.md,
      // "Offline courier"); a replay that finds the stored answer repeats it
      const results = await at(N, send);
      for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      const first = results.find((r) => r.status === 200);
      expect(first, JSON.stringify(results[0].body)).toBeDefined();
      expect(await settlementsOf(t, id)).toHaveLength(1);
      expect(await ledgerRows(t, `product_request:${id}`)).toHaveLength(2);
      const replay = await send();
      expect(replay.status).toBe(200);
      expect(replay.body.data).toEqual(first?.body.data);
      const stored = await t.db.selectFrom('idempotencyKeys').select('key').where('key', '=', `race-${id}`).execute();
      expect(stored).toHaveLength(1);
    },
  },
  {
    name: 'one stream ticket used at once',
    async round() {
      const m = await merchantFixture(t);
      const ticket = await streamTicket(t.url, m.token);
      const ctrl = new AbortController();
      const results = await at(N, () =>
        fetch(`${t.url}/api/merchant/events?ticket=${ticket}`, { signal: ctrl.signal }).then((r) => r.status),
      );
      ctrl.abort();
      expect(results.filter((s) => s === 200)).toHaveLength(1);
      expect(results.filter((s) => s === 401)).toHaveLength(N - 1);
    },
  },
  {
    name: "one customer's code confirmed at once",
    async round() {
      const mobile = nextMobile('9746');
      await ok(t.call('user/signup', { name: 'Race', mobile, password: 'race-pass-12' }));
      const code = lastCodeTo(t, mobile);
      const results = await at(N, () => t.call('user/verify', { mobile, code, password: 'race-pass-12' }));
      expect(count(results, 200), JSON.stringify(results.find((r) => r.status >= 500)?.body)).toBe(1);
      for (const r of results) expect([200, 422, 429], JSON.stringify(r.body)).toContain(r.status);
      const sessions = await t.db
        .selectFrom('sessions')
        .select('id')
        .where('subjectType', '=', 'user')
        .where('subjectId', '=', results.find((r) => r.status === 200)?.body.data.id)
        .execute();
      expect(sessions).toHaveLength(1);
    },
  },
  {
    name: 'default card changes',
    async round() {
      const m = await merchantFixture(t);
      const ids = [(await addCard(t, m.token)).id];
      for (const n of [CARDS.mastercard, CARDS.visaDebit]) ids.push((await addCard(t, m.token, { number: n })).id);
      const results = await at(N, (i) => t.call('merchant/card/setDefault', { id: ids[i % 3] }, { token: m.token }));
      expect(count(results, 200), JSON.stringify(results.find((r) => r.status !== 200))).toBe(N);
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
