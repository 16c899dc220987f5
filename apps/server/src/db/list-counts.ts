/**
 * Counts of a merchant's counted lists (migrations/0012-list-counts.ts): the rows per state, for
 * the merchant or one of its branches, read from the counters the triggers keep — a few rows
 * whatever the size of the merchant's history. Repositories call it for a list's count.
 */
import type { Kysely } from 'kysely';
import { type Params, preparedQuery } from './prepared';
import type { Database, ListCountsTable } from './schema';

type Counted = ListCountsTable['list'];

const ofMerchant = preparedQuery((db, p: Params<{ list: Counted; merchantId: number }>) =>
  db
    .selectFrom('listCounts')
    .select(['state', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('list', '=', p.list)
    .where('merchantId', '=', p.merchantId)
    .groupBy('state'),
);

const ofBranch = preparedQuery((db, p: Params<{ list: Counted; merchantId: number; branchId: number }>) =>
  db
    .selectFrom('listCounts')
    .select(['state', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('list', '=', p.list)
    .where('merchantId', '=', p.merchantId)
    .where('branchId', '=', p.branchId)
    .groupBy('state'),
);

/** Rows of `list` per state for the merchant, or for one branch of it; a missing state has none. */
export async function countsByState(
  db: Kysely<Database>,
  list: Counted,
  merchantId: number,
  branchId?: number,
): Promise<Record<string, number>> {
  const rows =
    branchId === undefined
      ? await ofMerchant.all(db, { list, merchantId })
      : await ofBranch.all(db, { list, merchantId, branchId });
  const out: Record<string, number> = {};
  for (const r of rows) out[r.state] = Number(r.n);
  return out;
}

/** Rows of `list` in `state` (every state when absent). */
export async function countListed(
  db: Kysely<Database>,
  list: Counted,
  scope: { merchantId: number; branchId?: number | null },
  state?: string,
): Promise<number> {
  // a staff member without a branch sees no branch's rows
  if (scope.branchId === null) return 0;
  const counts = await countsByState(db, list, scope.merchantId, scope.branchId);
  if (state !== undefined) return counts[state] ?? 0;
  let n = 0;
  for (const k in counts) n += counts[k];
  return n;
}
