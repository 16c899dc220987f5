import { notFound } from '../../core/errors';
import type { Deps } from '../../deps';
import { pageOf } from '../../lib/paging';

export function tagsService({ store }: Pick<Deps, 'store'>) {
  const repo = store.tags;
  return {
    list: (page: { pageNum?: number; limit?: number }) => repo.list(pageOf(page)),

    /** Every id must be a known tag, else 404 `tagNotFound`. */
    async requireAll(ids: number[]): Promise<void> {
      const found = await repo.byIds(ids);
      if (found.length !== ids.length) throw notFound('tagNotFound');
    },
  };
}

export type TagsService = ReturnType<typeof tagsService>;
