import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageOf } from '../../lib/paging';
import { tagsRepository } from './tags.repository';

export function tagsService(deps: Deps) {
  const repo = tagsRepository(deps.db);
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
