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
