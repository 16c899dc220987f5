import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Customers prove their phone (docs/security.md, "Customers prove their phone"):
 * `customers.verified_at` is set when the customer types a code texted to the number, resets the
 * password with one, or (a walk-in customer) first signs in with the one-time password texted by
 * the shop. Accounts that already signed in with a password of their own keep working: they are
 * taken as verified from their creation. Walk-in accounts still waiting for their first sign-in stay
 * unverified; that sign-in proves the phone.
 */
export const customerVerify = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('customers').addColumn('verified_at', 'text').execute();
    await sql`UPDATE customers SET verified_at = created_at WHERE must_change_password = 0`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('customers').dropColumn('verified_at').execute();
  },
});
