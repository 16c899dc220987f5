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

  // The customers table is the customer module's (one writer per table); auth, the operator and the
  // demo reach these through customer-account.ts. Balances move only through the ledger.

  /** A customer whose number counts as confirmed from the start (the demo's). */
  async insertConfirmed(v: { name: string; mobile: string; passwordHash: string }) {
    const now = nowIso();
    await db
      .insertInto('customers')
      .values({
        ...v,
        currency: 'USD',
        balance: 0,
        mustChangePassword: 0,
        registeredByMerchantId: null,
        registeredBranchId: null,
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  },

  /** A customer who chose a password no longer has to change a one-time code. */
  setPassword: (id: number, passwordHash: string) =>
    db
      .updateTable('customers')
      .set({ passwordHash, updatedAt: nowIso(), mustChangePassword: 0, passwordExpiresAt: null })
      .where('id', '=', id)
      .execute(),

  /** The customer proved the phone; the first proof stands. */
  markVerified: (id: number) =>
    db
      .updateTable('customers')
      .set({ verifiedAt: nowIso() })
      .where('id', '=', id)
      .where('verifiedAt', 'is', null)
      .execute(),

  replaceHash: (id: number, oldHash: string, passwordHash: string) =>
    db
      .updateTable('customers')
      .set({ passwordHash })
      .where('id', '=', id)
      .where('passwordHash', '=', oldHash)
      .execute(),
});
