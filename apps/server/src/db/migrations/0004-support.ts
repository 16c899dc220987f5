import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Support (docs/domain.md, "Tickets"): tickets a merchant opens, their messages (admin_id set on the
 * operator's), the operator's tokens for the `/api/admin/...` surface (only a hash is kept) and the
 * log of every operator action (who and when).
 */
export const support = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

    await db.schema
      .createTable('tickets')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('ticket_type', 'text', (c) =>
        c.notNull().check(sql.raw("ticket_type IN ('general','offer','product')")),
      )
      .addColumn('ticket_type_id', 'integer')
      .addColumn('ticket_body', 'text', (c) => c.notNull())
      .addColumn('portal_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql.raw("status IN ('open','closed')")))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .execute();
    await db.schema.createIndex('tickets_merchant_idx').on('tickets').columns(['merchant_id', 'id']).execute();

    await db.schema
      .createTable('ticket_messages')
      .addColumn('id', t.id, idCol)
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
      .addColumn('message_body', 'text', (c) => c.notNull())
      // the operator's messages: the operator token's id, 0 for the command line; null on the merchant's
      .addColumn('admin_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ticket_messages_ticket_idx')
      .on('ticket_messages')
      .columns(['ticket_id', 'id'])
      .execute();

    await db.schema
      .createTable('operator_tokens')
      .addColumn('id', t.id, idCol)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('label', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();

    await db.schema
      .createTable('operator_actions')
      .addColumn('id', t.id, idCol)
      // "cli" or "token:<id>"
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('operator_actions_time_idx').on('operator_actions').column('created_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('operator_actions').execute();
    await db.schema.dropTable('operator_tokens').execute();
    await db.schema.dropTable('ticket_messages').execute();
    await db.schema.dropTable('tickets').execute();
  },
});
