/**
 * The invariants every proof suite checks after its writes (docs/domain.md, "The ledger" and the
 * state machines), in one place: a later endpoint that moves state adds its rule here once.
 * Answers the violations found (empty when all hold), so a suite can print them all at once.
 */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema';

type Db = Kysely<Database>;

/** Groups rows by a key and answers the keys seen more than once. */
const repeated = <T>(rows: T[], key: (r: T) => string) => {
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(key(r), (seen.get(key(r)) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
};

export async function invariantViolations(db: Db): Promise<string[]> {
  const out: string[] = [];

  // the ledger: every balance is the sum of its account's rows; running sums never negative;
  // an (account, reason, reference) moves at most once
  const entries = await db.selectFrom('ledgerEntries').selectAll().orderBy('id').execute();
  const running = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.accountType}:${e.accountId}`;
    const sum = (running.get(key) ?? 0) + e.delta;
    running.set(key, sum);
    if (e.balanceAfter !== sum) out.push(`ledger row ${e.id}: balanceAfter ${e.balanceAfter}, running sum ${sum}`);
    if (e.balanceAfter < 0) out.push(`ledger row ${e.id}: negative balanceAfter ${e.balanceAfter}`);
  }
  for (const d of repeated(entries, (e) => `${e.accountType}:${e.accountId}:${e.reason}:${e.reference}`))
    out.push(`ledger movement made twice: ${d}`);
  const merchants = await db.selectFrom('merchants').select(['id', 'balance']).execute();
  const customers = await db.selectFrom('customers').select(['id', 'balance']).execute();
  for (const [type, rows] of [
    ['merchant', merchants],
    ['user', customers],
  ] as const)
    for (const r of rows) {
      const sum = running.get(`${type}:${r.id}`) ?? 0;
      if (r.balance !== sum) out.push(`${type} ${r.id}: balance ${r.balance}, ledger sum ${sum}`);
      if (r.balance < 0) out.push(`${type} ${r.id}: negative balance ${r.balance}`);
    }

  // stock and offers left never below zero
  for (const p of await db.selectFrom('products').select(['id', 'stockAmount']).where('stockAmount', '<', 0).execute())
    out.push(`product ${p.id}: negative stock ${p.stockAmount}`);
  for (const o of await db
    .selectFrom('offers')
    .select(['id', 'availableNumberOfOffers'])
    .where('availableNumberOfOffers', '<', 0)
    .execute())
    out.push(`offer ${o.id}: negative availableNumberOfOffers ${o.availableNumberOfOffers}`);

  // each settlement once per product request, each of its lines once per kind
  const settlements = await db.selectFrom('settlements').select(['id', 'productRequestId']).execute();
  for (const d of repeated(settlements, (s) => `request ${s.productRequestId}`)) out.push(`settlement twice: ${d}`);
  const lines = await db.selectFrom('settlementDetails').select(['settlementId', 'kind']).execute();
  for (const d of repeated(lines, (l) => `settlement ${l.settlementId} ${l.kind}`))
    out.push(`settlement line twice: ${d}`);

  // a product request's state and its flags agree; a settled request was done
  const requests = await db
    .selectFrom('productRequests')
    .select(['id', 'status', 'isCanceled', 'isRefund', 'deliveryStatus'])
    .execute();
  const settled = new Set(settlements.map((s) => s.productRequestId));
  for (const r of requests) {
    if ((r.status === 'canceled') !== (r.isCanceled === 1))
      out.push(`product request ${r.id}: ${r.status} / isCanceled ${r.isCanceled}`);
    if (r.status.startsWith('refund') !== (r.isRefund === 1))
      out.push(`product request ${r.id}: ${r.status} / isRefund ${r.isRefund}`);
    if (r.status === 'canceled' && settled.has(r.id)) out.push(`product request ${r.id}: canceled yet settled`);
  }

  // approved offer requests: one approval each, a done request is approved
  const offerRequests = await db.selectFrom('offerRequests').select(['id', 'status', 'isAproved']).execute();
  for (const r of offerRequests)
    if ((r.status === 'done') !== (r.isAproved === 1))
      out.push(`offer request ${r.id}: ${r.status} / isAproved ${r.isAproved}`);

  // rejected requests (docs/domain.md "Rejected requests"): a reason and a time, never approved,
  // and no ledger row or settlement of their own
  const moved = new Set(entries.map((e) => e.reference));
  const rejected = [
    ...(
      await db
        .selectFrom('offerRequests')
        .select(['id', 'rejectReason', 'rejectedAt', 'isAproved as approved'])
        .where('status', '=', 'rejected')
        .execute()
    ).map((r) => ({ ...r, what: 'offer request', refs: [`offer_request:${r.id}`] })),
    ...(
      await db
        .selectFrom('redeemRequests')
        .select(['id', 'rejectReason', 'rejectedAt', 'isApproved as approved'])
        .where('rejectedAt', 'is not', null)
        .execute()
    ).map((r) => ({ ...r, what: 'redeem request', refs: [`redeem_request:${r.id}`] })),
    ...(
      await db
        .selectFrom('productRequests')
        .select(['id', 'rejectReason', 'rejectedAt'])
        .where('status', '=', 'rejected')
        .execute()
    ).map((r) => ({
      ...r,
      approved: settled.has(r.id) ? 1 : 0,
      what: 'product request',
      refs: [`product_request:${r.id}`, `product_refund:${r.id}`],
    })),
  ];
  for (const r of rejected) {
    if (!r.rejectReason || !r.rejectedAt) out.push(`${r.what} ${r.id}: rejected without a reason or a time`);
    if (r.approved) out.push(`${r.what} ${r.id}: rejected yet approved or settled`);
    for (const ref of r.refs) if (moved.has(ref)) out.push(`${r.what} ${r.id}: rejected yet moved (${ref})`);
  }

  // purchases: one invoice per purchase; one default card per merchant that has cards
  const invoices = await db
    .selectFrom('invoices')
    .select(['packageRequestId'])
    .where('packageRequestId', 'is not', null)
    .execute();
  for (const d of repeated(invoices, (i) => `purchase ${i.packageRequestId}`)) out.push(`invoice twice: ${d}`);
  const cards = await db.selectFrom('cards').select(['merchantId', 'isDefault']).execute();
  const defaults = new Map<number, number>();
  for (const c of cards) defaults.set(c.merchantId, (defaults.get(c.merchantId) ?? 0) + (c.isDefault ? 1 : 0));
  for (const [m, n] of defaults) if (n !== 1) out.push(`merchant ${m}: ${n} default cards`);

  // the list counters the triggers keep (migrations/0012-list-counts.ts) equal the rows they count
  const counted = new Map<string, number>();
  for (const c of await db.selectFrom('listCounts').selectAll().execute()) {
    const key = `${c.list} merchant ${c.merchantId} branch ${c.branchId} ${c.state}`;
    counted.set(key, (counted.get(key) ?? 0) + c.n);
  }
  const actual = new Map<string, number>();
  for (const r of await db.selectFrom('offerRequests').select(['merchantId', 'branchId', 'status']).execute()) {
    const key = `offer_requests merchant ${r.merchantId} branch ${r.branchId} ${r.status}`;
    actual.set(key, (actual.get(key) ?? 0) + 1);
  }
  for (const r of await db
    .selectFrom('redeemRequests')
    .select(['merchantId', 'branchId', 'isApproved', 'rejectedAt'])
    .execute()) {
    const state = r.isApproved === 1 ? 'approved' : r.rejectedAt !== null ? 'rejected' : 'pending';
    const key = `redeem_requests merchant ${r.merchantId} branch ${r.branchId} ${state}`;
    actual.set(key, (actual.get(key) ?? 0) + 1);
  }
  for (const o of await db.selectFrom('offers').select(['merchantId', 'isActive']).execute()) {
    const key = `offers merchant ${o.merchantId} branch 0 ${o.isActive === 1 ? 'active' : 'inactive'}`;
    actual.set(key, (actual.get(key) ?? 0) + 1);
  }
  for (const l of await db
    .selectFrom('offerBranches as ob')
    .innerJoin('offers as o', 'o.id', 'ob.offerId')
    .select(['o.merchantId', 'ob.branchId'])
    .execute()) {
    const key = `offer_branches merchant ${l.merchantId} branch ${l.branchId} all`;
    actual.set(key, (actual.get(key) ?? 0) + 1);
  }
  for (const key of new Set([...counted.keys(), ...actual.keys()]))
    if ((counted.get(key) ?? 0) !== (actual.get(key) ?? 0))
      out.push(`list count ${key}: counted ${counted.get(key) ?? 0}, rows ${actual.get(key) ?? 0}`);

  return out;
}

/** Fails the test with every violation listed. */
export async function expectInvariants(db: Db, context = ''): Promise<void> {
  expect(await invariantViolations(db), `invariants ${context}`).toEqual([]);
}
