import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Page } from '../../lib/paging';

/** Tags are the platform's (the operator adds them); every merchant reads the same list. */
export const tagsRepository = (db: Kysely<Database>) => ({
  async list(page: Page) {
    const rows = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .orderBy('name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const { n } = await db
      .selectFrom('tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  },

  /** The tags among `ids` that exist. */
  async byIds(ids: number[]) {
    if (ids.length === 0) return [];
    return db.selectFrom('tags').select(['id', 'name']).where('id', 'in', ids).execute();
  },
});

export type TagsRepository = ReturnType<typeof tagsRepository>;
