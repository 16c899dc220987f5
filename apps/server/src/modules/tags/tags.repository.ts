import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { Page } from '../../lib/paging';

/** Tags are the platform's (the operator adds them through the tags service); every merchant reads the same list. */
export const tagsRepository = (db: Kysely<Database>) => ({
  /** The tags in use (active), for merchants. */
  async list(page: Page) {
    const rows = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('isActive', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const { n } = await db
      .selectFrom('tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('isActive', '=', 1)
      .executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  },

  /** The tags among `ids` that exist. */
  async byIds(ids: number[]) {
    if (ids.length === 0) return [];
    return db.selectFrom('tags').select(['id', 'name']).where('id', 'in', ids).execute();
  },

  byName: (name: string) => db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst(),

  insert: (name: string) =>
    db
      .insertInto('tags')
      .values({ name, createdAt: nowIso() })
      .returning(['id', 'name', 'createdAt'])
      .executeTakeFirstOrThrow(),

  /** Every tag, in use or not, for the operator. */
  all: () =>
    db.selectFrom('tags').select(['id', 'name', 'isActive', 'createdAt']).orderBy('name').orderBy('id').execute(),

  byId: (id: number) =>
    db.selectFrom('tags').select(['id', 'name', 'isActive', 'createdAt']).where('id', '=', id).executeTakeFirst(),

  rename: (id: number, name: string) => db.updateTable('tags').set({ name }).where('id', '=', id).execute(),

  /** Takes a tag out of use unless it already is; true when this call did. */
  async deactivate(id: number) {
    const res = await db
      .updateTable('tags')
      .set({ isActive: 0 })
      .where('id', '=', id)
      .where('isActive', '=', 1)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
});

export type TagsRepository = ReturnType<typeof tagsRepository>;
