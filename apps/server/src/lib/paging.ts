import { LIMITS } from '@loyalty/contract';

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
