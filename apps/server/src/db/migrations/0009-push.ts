import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * `push_subscriptions`: the Web Push subscriptions of merchants, staff and couriers (docs/architecture.md,
 * "Push notifications"). One row per push endpoint (a browser on a device), owned by the session that
 * registered it: signing out deletes it, and only subscriptions of live sessions are sent to.
 * `lang` is the language the app used when it registered, for the notification's text.
 */
export const push = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', t.id, idCol)
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_subject_idx')
      .on('push_subscriptions')
      .columns(['subject_type', 'subject_id'])
      .execute();
    await db.schema
      .createIndex('push_subscriptions_session_idx')
      .on('push_subscriptions')
      .column('session_id')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('push_subscriptions').execute();
  },
});
