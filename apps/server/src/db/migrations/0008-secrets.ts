import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * `app_secrets`: server-wide keys (VAPID push keys, the QR signing key, ...) created once on first
 * use and shared by every server process through the database (docs/architecture.md). A row is never
 * updated: the first writer wins and everyone reads its value.
 */
export const secrets = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('app_secrets').execute();
  },
});
