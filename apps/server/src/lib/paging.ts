import { LIMITS } from '@loyalty/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Params } from '../db/prepared';

/** A page of a list as the repositories take it. */
export interface Page {
  limit: number;
  offset: number;
}

/** Limit and offset of a paged list: pageNum is 1-based (0 and none read as 1), limit defaults to the spec's 1000. */
export function pageOf(v: { pageNum?: number; limit?: number }): Page {
  const limit = v.limit ?? LIMITS.listLimit;
  const page = Math.max(1, v.pageNum ?? 1);
  return { limit, offset: (page - 1) * limit };
}

/**
 * The page sizes whose first page is a query of its own with its LIMIT written in (`firstPageLimit`):
 * the app's (10 and 5 on the home, 1000 on the lists) and a few round ones. A few statements each.
 */
const FIRST_PAGE_LIMITS = new Set([5, 10, 20, 25, 50, 100, 1000]);

/**
 * The LIMIT of `page` to write into its query, when it is a first page of one of FIRST_PAGE_LIMITS'
 * sizes; else undefined, and its LIMIT and OFFSET are parameters. PostgreSQL plans a named statement
 * with its LIMIT written in once per connection (a first page in index order suits every merchant);
 * with LIMIT a parameter, its auto mode took the generic plan for one of a tenth of the rows and
 * planned such a page anew on every call (0.8 ms of planning for 0.2 ms of work: bench/README.md,
 * "Plans kept"). A later page keeps its parameters, planned with their values each time: how to skip
 * 490 rows depends on the merchant's size. A page that searches by mobile number keeps them too.
 */
export const firstPageLimit = (page: Page): number | undefined =>
  page.offset === 0 && FIRST_PAGE_LIMITS.has(page.limit) ? page.limit : undefined;

/** `q` limited to a page: `limit` written in (firstPageLimit), or the parameters `p.limit` and `p.offset`. */
// biome-ignore lint/suspicious/noExplicitAny: any select of any tables
export function limitedTo<Q extends SelectQueryBuilder<any, any, any>>(
  q: Q,
  p: Params<Page>,
  limit: number | undefined,
): Q {
  return (limit === undefined ? q.limit(p.limit).offset(p.offset) : q.limit(sql.lit(limit))) as Q;
}

/**
 * A page whose rows carry their list's count (`listedTotal`, read by the page's own statement: a
 * round trip less on PostgreSQL): the rows without it, and the count. An empty first page counts
 * none; an empty later page (past the end) has no row to carry it, so `apart` reads it.
 */
export async function withListedCount<R extends { listedTotal?: unknown }>(
  found: R[],
  page: Page,
  apart: () => Promise<number>,
): Promise<{ rows: Omit<R, 'listedTotal'>[]; count: number }> {
  const count = found.length > 0 || page.offset === 0 ? Number(found[0]?.listedTotal ?? 0) : await apart();
  return { rows: found.map(({ listedTotal: _, ...row }) => row), count };
}
