import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/** Indexes the CSV exports walk newest first by id within one merchant (docs/domain.md, "Exports"). */
const EXPORT_INDEXES = [
  ['offer_requests_export_idx', 'offer_requests'],
  ['redeem_requests_export_idx', 'redeem_requests'],
  ['product_requests_export_idx', 'product_requests'],
  ['settlements_export_idx', 'settlements'],
  ['invoices_export_idx', 'invoices'],
] as const;

/**
 * At the counter: keyset indexes for the exports, and `idempotency_keys`, where a replayable call
 * (a courier's status change sent again after being offline) keeps its first answer under the
 * caller's key, so the replay answers the same and moves nothing twice (docs/domain.md).
 */
export const counterQr = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [name, table] of EXPORT_INDEXES)
      await db.schema.createIndex(name).on(table).columns(['merchant_id', 'id']).execute();
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('subject_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('key', 'varchar(100)', (c) => c.notNull())
      .addColumn('path', 'varchar(200)', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['subject_type', 'subject_id', 'key'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('idempotency_keys').execute();
    for (const [name] of EXPORT_INDEXES) await db.schema.dropIndex(name).execute();
  },
});
