import type { Kysely } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * At the counter (docs/domain.md "Rejected requests", "Audit trail"; docs/architecture.md "Live feed"):
 * - reject columns on offer, redeem and product requests (who, when, why);
 * - `counter_events`: one row per new or changed request, ids increasing, read by the live feed and
 *   replayed from `Last-Event-ID`;
 * - `audit_log`: append-only trail of every staff, courier and merchant state change.
 */
export const counter = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    for (const table of ['offer_requests', 'redeem_requests', 'product_requests']) {
      await db.schema.alterTable(table).addColumn('reject_reason', 'text').execute();
      await db.schema.alterTable(table).addColumn('rejected_at', 'text').execute();
      await db.schema.alterTable(table).addColumn('rejected_by_type', 'varchar(20)').execute();
      await db.schema.alterTable(table).addColumn('rejected_by_id', 'integer').execute();
    }

    await db.schema
      .createTable('counter_events')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('branch_id', 'integer')
      .addColumn('employee_id', 'integer')
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('entity_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(30)', (c) => c.notNull())
      .addColumn('status', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('counter_events_merchant_idx')
      .on('counter_events')
      .columns(['merchant_id', 'id'])
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('actor_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('actor_id', 'integer', (c) => c.notNull())
      .addColumn('actor_role', 'varchar(20)', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'integer')
      .addColumn('action', 'varchar(40)', (c) => c.notNull())
      .addColumn('entity', 'varchar(30)', (c) => c.notNull())
      .addColumn('entity_id', 'integer')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('device', 'varchar(200)')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('audit_log_merchant_idx')
      .on('audit_log')
      .columns(['merchant_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('counter_events').execute();
    for (const table of ['offer_requests', 'redeem_requests', 'product_requests'])
      for (const col of ['reject_reason', 'rejected_at', 'rejected_by_type', 'rejected_by_id'])
        await db.schema.alterTable(table).dropColumn(col).execute();
  },
});
