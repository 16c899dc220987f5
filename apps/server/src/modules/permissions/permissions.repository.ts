import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';

/**
 * Staff permission sets and the merchant's manager override (issue 27): the only SQL of the
 * permissions module. Every query names the merchant, so another merchant's set is never reached.
 */
export const permissionsRepository = (db: Kysely<Database>) => ({
  /** The merchant's sets by name, with how many staff members have each. */
  list: (merchantId: number) =>
    db
      .selectFrom('permissionSets as s')
      .select(['s.id', 's.name', 's.permissions'])
      .select((eb) =>
        eb
          .selectFrom('merchantUsers as u')
          .whereRef('u.permissionSetId', '=', 's.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('staffCount'),
      )
      .where('s.merchantId', '=', merchantId)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute(),

  byId: (merchantId: number, id: number) =>
    db
      .selectFrom('permissionSets')
      .select(['id', 'name', 'permissions'])
      .where('merchantId', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst(),

  async insert(merchantId: number, name: string, permissions: string): Promise<number> {
    const now = nowIso();
    const row = await db
      .insertInto('permissionSets')
      .values({ merchantId, name, permissions, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(merchantId: number, id: number, name: string, permissions: string): Promise<boolean> {
    const r = await db
      .updateTable('permissionSets')
      .set({ name, permissions, updatedAt: nowIso() })
      .where('merchantId', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Deletes a set no staff member has: false when it is unknown or in use (checked in the statement). */
  async deleteUnused(merchantId: number, id: number): Promise<boolean> {
    const r = await db
      .deleteFrom('permissionSets')
      .where('merchantId', '=', merchantId)
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('merchantUsers').select('id').where('permissionSetId', '=', id))),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },

  /** A staff member's set's permissions (JSON text), or null for the default set. */
  staffPermissions: (staffId: number) =>
    db
      .selectFrom('merchantUsers as u')
      .leftJoin('permissionSets as s', 's.id', 'u.permissionSetId')
      .select(['u.permissionSetId', 's.permissions'])
      .where('u.id', '=', staffId)
      .executeTakeFirst(),

  override: (merchantId: number) =>
    db.selectFrom('merchantOverrides').selectAll().where('merchantId', '=', merchantId).executeTakeFirst(),

  /** Sets the PIN (clearing the wrong tries), making the merchant's row when it has none. */
  async setPin(merchantId: number, pinHash: string): Promise<void> {
    const updatedAt = nowIso();
    await db
      .insertInto('merchantOverrides')
      .values({ merchantId, pinHash, wrongTries: 0, refunds: 0, updatedAt })
      .onConflict((oc) => oc.column('merchantId').doUpdateSet({ pinHash, wrongTries: 0, updatedAt }))
      .execute();
  },

  async setThresholds(merchantId: number, redeemPointsAbove: number | null, refunds: 0 | 1): Promise<void> {
    const updatedAt = nowIso();
    await db
      .insertInto('merchantOverrides')
      .values({ merchantId, pinHash: null, wrongTries: 0, redeemPointsAbove, refunds, updatedAt })
      .onConflict((oc) => oc.column('merchantId').doUpdateSet({ redeemPointsAbove, refunds, updatedAt }))
      .execute();
  },

  /** One more wrong PIN, unless `max` were already counted; answers the count after it. */
  async wrongTry(merchantId: number, max: number): Promise<number> {
    await db
      .updateTable('merchantOverrides')
      .set((eb) => ({ wrongTries: eb('wrongTries', '+', 1) }))
      .where('merchantId', '=', merchantId)
      .where('wrongTries', '<', max)
      .execute();
    const row = await db
      .selectFrom('merchantOverrides')
      .select('wrongTries')
      .where('merchantId', '=', merchantId)
      .executeTakeFirst();
    return row?.wrongTries ?? max;
  },

  /** A right PIN: the count of wrong ones starts again (unless it reached the lock meanwhile). */
  clearTries: (merchantId: number, max: number) =>
    db
      .updateTable('merchantOverrides')
      .set({ wrongTries: 0 })
      .where('merchantId', '=', merchantId)
      .where('wrongTries', '<', max)
      .execute(),
});

export type PermissionsRepository = ReturnType<typeof permissionsRepository>;
