import { type Kysely, sql } from 'kysely';
import { isPostgres, nowIso } from '../../db/dialect';
import type { CardsTable, Database } from '../../db/schema';

export type NewCard = Pick<
  CardsTable,
  'merchantId' | 'nameOnCard' | 'brand' | 'last4' | 'expMonth' | 'expYear' | 'gateway' | 'token'
>;

const columns = [
  'id',
  'merchantId',
  'nameOnCard',
  'brand',
  'last4',
  'expMonth',
  'expYear',
  'gateway',
  'token',
  'isDefault',
  'createdAt',
] as const;

/** The only SQL of saved cards. `db` may be a transaction. A partial unique index allows one default per merchant. */
export const cardsRepository = (db: Kysely<Database>) => ({
  async list(merchantId: number, page: { limit: number; offset: number }) {
    const count = await db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchantId', '=', merchantId)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('cards')
      .select(columns)
      .where('merchantId', '=', merchantId)
      .orderBy('isDefault', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, count: Number(count.n) };
  },

  byId: (merchantId: number, id: number) =>
    db.selectFrom('cards').select(columns).where('id', '=', id).where('merchantId', '=', merchantId).executeTakeFirst(),

  /** Inserts a card; it is the default when the merchant has no default yet (decided by the database). */
  insert(card: NewCard) {
    const now = nowIso();
    return db
      .insertInto('cards')
      .values({
        ...card,
        isDefault: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM cards WHERE merchant_id = ${card.merchantId} AND is_default = 1) THEN 0 ELSE 1 END`,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /**
   * Makes `id` the default: the old default loses it first. False when the card is not the
   * merchant's. Run it in a transaction: on PostgreSQL it first locks every card of the merchant
   * in one order (ids ascending), so two of these at once run one after the other instead of
   * crossing. (An UPDATE of all the merchant's cards locked them in the order of the scan, which
   * differs between two transactions once rows have moved: 50 at once deadlocked, the full races
   * found it.) SQLite's write transactions are already one at a time.
   */
  async setDefault(merchantId: number, id: number) {
    const now = nowIso();
    if (isPostgres(db))
      await db
        .selectFrom('cards')
        .select('id')
        .where('merchantId', '=', merchantId)
        .orderBy('id')
        .forUpdate()
        .execute();
    await db
      .updateTable('cards')
      .set({ isDefault: 0, updatedAt: now })
      .where('merchantId', '=', merchantId)
      .where('isDefault', '=', 1)
      .where('id', '<>', id)
      .execute();
    const res = await db
      .updateTable('cards')
      .set({ isDefault: 1, updatedAt: now })
      .where('merchantId', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /**
   * Deletes a card unless it is the default and another card exists (checked in the same
   * statement). Answers the number of rows deleted.
   */
  async delete(merchantId: number, id: number) {
    const res = await db
      .deleteFrom('cards')
      .where('merchantId', '=', merchantId)
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('isDefault', '=', 0),
          eb.not(
            eb.exists(
              eb
                .selectFrom('cards as other')
                .select('other.id')
                .where('other.merchantId', '=', merchantId)
                .where('other.id', '<>', id),
            ),
          ),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  /**
   * When the merchant has cards but no default (two requests crossed), the newest becomes the
   * default. Harmless when a default exists; a concurrent repair loses on the unique index.
   */
  ensureDefault: (merchantId: number) =>
    db
      .updateTable('cards')
      .set({ isDefault: 1 })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('cards as newest')
          .select((e) => e.fn.max('newest.id').as('id'))
          .where('newest.merchantId', '=', merchantId),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('cards as d')
              .select('d.id')
              .where('d.merchantId', '=', merchantId)
              .where('d.isDefault', '=', 1),
          ),
        ),
      )
      .execute(),
});

export type CardRow = NonNullable<Awaited<ReturnType<ReturnType<typeof cardsRepository>['byId']>>>;
