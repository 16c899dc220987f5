import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * The SMS outbox becomes a delivery queue (docs/architecture.md, "Text messages"): each row has a
 * status (`pending` → `sent`, or `failed` / `expired`), its attempts and when the next may run, the
 * claim of the server process sending it (a conditional update takes it, so two processes never send
 * one row), the provider's id once accepted, the last error, and an optional idempotency key (one row
 * per key) and end of usefulness. Additive: a server of the previous release still inserts rows
 * (`to_mobile`, `body`, `created_at`), which take the defaults and are sent by the new ones.
 *
 * The rows already there were never sent and hold codes in plain text: their text is erased and they
 * are marked `expired` (their codes expired long ago).
 */
export const smsDelivery = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const add = (
      column: string,
      type: 'text' | 'integer',
      build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (c) => c,
    ) => db.schema.alterTable('sms_outbox').addColumn(column, type, build).execute();
    await add('status', 'text', (c) => c.notNull().defaultTo('pending'));
    await add('kind', 'text');
    await add('attempts', 'integer', (c) => c.notNull().defaultTo(0));
    await add('next_attempt_at', 'text');
    await add('claim_id', 'text');
    await add('claimed_until', 'text');
    await add('provider', 'text');
    await add('provider_message_id', 'text');
    await add('last_error', 'text');
    await add('sent_at', 'text');
    await add('expires_at', 'text');
    await add('idempotency_key', 'text');
    await add('updated_at', 'text');
    await db.schema
      .createIndex('sms_outbox_idempotency_key_idx')
      .on('sms_outbox')
      .column('idempotency_key')
      .unique()
      .execute();
    await db.schema.createIndex('sms_outbox_status_idx').on('sms_outbox').columns(['status', 'id']).execute();
    await sql`update sms_outbox set body = '', status = 'expired', last_error = 'never sent (before 0020)'`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('sms_outbox_status_idx').execute();
    await db.schema.dropIndex('sms_outbox_idempotency_key_idx').execute();
  },
});
