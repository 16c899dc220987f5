import { LIMITS } from '@loyalty/contract';

/** Limit and offset of a paged list: pageNum is 1-based (0 and none read as 1), limit defaults to the spec's 1000. */
export function pageOf(v: { pageNum?: number; limit?: number }): { limit: number; offset: number } {
  const limit = v.limit ?? LIMITS.listLimit;
  const page = Math.max(1, v.pageNum ?? 1);
  return { limit, offset: (page - 1) * limit };
}
