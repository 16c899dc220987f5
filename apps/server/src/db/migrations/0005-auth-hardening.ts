import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Sign-in hardening (docs/security.md):
 * - `auth_throttles`: the sign-in delays and the sign-up and sign-in limits, one row per key
 *   (`phone:<scope>:<mobile>`, `addr:<address>`, ...), shared by every server process. Times are
 *   epoch milliseconds (bigint) so that one conditional upsert computes the next wait on both engines.
 * - `customers.password_expires_at`: a walk-in customer's first password is a one-time code sent by
 *   SMS, valid 24 hours. Walk-in accounts that still have the old fixed default password (flagged
 *   `must_change_password`) expire now: the default never signs in again; staff register them again
 *   to send a code.
 */
export const authHardening = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('auth_throttles')
      .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_throttles_last_at_idx').on('auth_throttles').column('last_at').execute();

    await db.schema.alterTable('customers').addColumn('password_expires_at', 'text').execute();
    await sql`UPDATE customers SET password_expires_at = ${new Date().toISOString()} WHERE must_change_password = 1`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('customers').dropColumn('password_expires_at').execute();
    await db.schema.dropTable('auth_throttles').execute();
  },
});
