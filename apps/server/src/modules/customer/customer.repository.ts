import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';

export const customerRepository = (db: Kysely<Database>) => ({
  byMobile: (mobile: string) => db.selectFrom('customers').selectAll().where('mobile', '=', mobile).executeTakeFirst(),
  byId: (id: number) => db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst(),
  branchOf: (merchantId: number, branchId: number) =>
    db
      .selectFrom('branches')
      .select(['id'])
      .where('id', '=', branchId)
      .where('merchantId', '=', merchantId)
      .executeTakeFirst(),
  async insert(v: {
    name: string;
    mobile: string;
    passwordHash: string;
    /** When the password is a one-time code: the moment it stops working. */
    passwordExpiresAt: string | null;
    currency: string;
    mustChangePassword: boolean;
    registeredByMerchantId: number | null;
    registeredBranchId: number | null;
  }) {
    const now = nowIso();
    const row = await db
      .insertInto('customers')
      .values({ ...v, mustChangePassword: v.mustChangePassword ? 1 : 0, balance: 0, createdAt: now, updatedAt: now })
      .returning(['id', 'name', 'mobile'])
      .executeTakeFirstOrThrow();
    return row;
  },

  /**
   * A new sign-up takes over a number nobody proved: the account's name, password and currency are
   * replaced (a walk-in's one-time password with them); false when the number was proved meanwhile.
   */
  async reclaimUnconfirmed(id: number, v: { name: string; passwordHash: string; currency: string }) {
    const r = await db
      .updateTable('customers')
      .set({ ...v, mustChangePassword: 0, passwordExpiresAt: null, updatedAt: nowIso() })
      .where('id', '=', id)
      .where('verifiedAt', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * Gives a walk-in customer whose one-time code expired a new one; false when the account changed
   * meanwhile (another registration renewed it, or the customer chose a password).
   */
  async renewOneTimeCode(id: number, expiredAt: string, passwordHash: string, passwordExpiresAt: string) {
    const r = await db
      .updateTable('customers')
      .set({ passwordHash, passwordExpiresAt, mustChangePassword: 1, updatedAt: nowIso() })
      .where('id', '=', id)
      .where('passwordExpiresAt', '=', expiredAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
});
