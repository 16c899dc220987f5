import type { Insertable, Kysely, QueryCreator, Updateable } from 'kysely';
import { nowIso } from '../../db/dialect';
import { type Params, preparedQuery } from '../../db/prepared';
import { BRANCH_COLUMNS, type BranchesTable, type Database } from '../../db/schema';
import { type Page, withListedCount } from '../../lib/paging';

/** The merchant's branches, counted: the list's count, and one of the dashboard's (repositories/merchant-home.ts). */
export const branchCountQuery = (qc: QueryCreator<Database>, merchantId: number) =>
  qc
    .selectFrom('branches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchantId', '=', merchantId);

/**
 * A page of a merchant's branches, oldest first, each row with their count (one statement: a round
 * trip less on PostgreSQL; the count's subquery does not depend on the row): built once (db/prepared.ts).
 */
const pageOf = preparedQuery((db, p: Params<{ merchantId: number; limit: number; offset: number }>) =>
  db
    .selectFrom('branches')
    .select(BRANCH_COLUMNS)
    .select(branchCountQuery(db, p.merchantId).as('listedTotal'))
    .where('merchantId', '=', p.merchantId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(p.limit)
    .offset(p.offset),
);
const countOf = preparedQuery((db, p: Params<{ merchantId: number }>) => branchCountQuery(db, p.merchantId));

/** Branches: every query is scoped to one merchant. */
export const branchesRepository = (db: Kysely<Database>) => ({
  async list(merchantId: number, page: Page) {
    const found = await pageOf.all(db, { merchantId, limit: page.limit, offset: page.offset });
    return withListedCount(found, page, async () => Number((await countOf.first(db, { merchantId }))?.n ?? 0));
  },

  byId: (merchantId: number, id: number) =>
    db.selectFrom('branches').selectAll().where('merchantId', '=', merchantId).where('id', '=', id).executeTakeFirst(),

  /** The ids among `ids` that belong to the merchant. */
  async ownedIds(merchantId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('branches')
      .select('id')
      .where('merchantId', '=', merchantId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  },

  insert: (values: Omit<Insertable<BranchesTable>, 'createdAt' | 'updatedAt'>) => {
    const now = nowIso();
    return db
      .insertInto('branches')
      .values({ ...values, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update: (merchantId: number, id: number, patch: Updateable<BranchesTable>) =>
    db
      .updateTable('branches')
      .set({ ...patch, updatedAt: nowIso() })
      .where('merchantId', '=', merchantId)
      .where('id', '=', id)
      .execute(),
});

export type BranchesRepository = ReturnType<typeof branchesRepository>;
