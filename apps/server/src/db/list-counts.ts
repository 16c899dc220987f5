/**
 * Counts of a merchant's counted lists (migrations/0012-list-counts.ts): the rows per state, for
 * the merchant or one of its branches, read from the counters the triggers keep — a few rows
 * whatever the size of the merchant's history. Repositories call it for a list's count.
 */
import { type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import { type Params, preparedQuery } from './prepared';
import type { Database, ListCountsTable } from './schema';

type Counted = ListCountsTable['list'];

/**
 * The rows of `list` of a merchant (or of one branch of it), in `state` (every state when absent), as
 * one value (NULL when there are none): a builder for a statement that reads counts beside other
 * things (repositories/merchant-home.ts; a page of offer requests carries its list's count). The
 * list is a constant of the SQL; a constant state is given as `sql.lit`.
 */
export const listedSumQuery = (
  qc: QueryCreator<Database>,
  list: Counted,
  scope: { merchantId: number; branchId?: number },
  state?: string | RawBuilder<string>,
) =>
  qc
    .selectFrom('listCounts')
    .select((eb) => eb.fn.sum<number>('n').as('n'))
    .where('list', '=', sql.lit(list))
    .where('merchantId', '=', scope.merchantId)
    .$if(scope.branchId !== undefined, (q) => q.where('branchId', '=', scope.branchId ?? -1))
    .$if(state !== undefined, (q) => q.where('state', '=', state ?? ''));

/** One list or two (the same list twice for one), for a merchant: one statement for the dashboard's two. */
const ofMerchant = preparedQuery((db, p: Params<{ first: Counted; second: Counted; merchantId: number }>) =>
  db
    .selectFrom('listCounts')
    .select(['list', 'state', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('list', 'in', [p.first, p.second])
    .where('merchantId', '=', p.merchantId)
    .groupBy(['list', 'state']),
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

/** Rows of each of `lists` (one or two) per state for the merchant, read at once; a missing state has none. */
export async function merchantCountsByState<L extends Counted>(
  db: Kysely<Database>,
  lists: readonly [L] | readonly [L, L],
  merchantId: number,
): Promise<Record<L, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const list of lists) out[list] = {};
  for (const r of await ofMerchant.all(db, { first: lists[0], second: lists[1] ?? lists[0], merchantId }))
    out[r.list][r.state] = Number(r.n);
  return out as Record<L, Record<string, number>>;
}

/** Rows of `list` per state for the merchant, or for one branch of it; a missing state has none. */
export async function countsByState(
  db: Kysely<Database>,
  list: Counted,
  merchantId: number,
  branchId?: number,
): Promise<Record<string, number>> {
  if (branchId === undefined) return (await merchantCountsByState(db, [list], merchantId))[list];
  const out: Record<string, number> = {};
  for (const r of await ofBranch.all(db, { list, merchantId, branchId })) out[r.state] = Number(r.n);
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
