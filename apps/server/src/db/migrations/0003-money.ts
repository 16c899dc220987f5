import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Money (docs/domain.md, "Cards, packages, invoices, settlements"): saved cards (holder, brand, last
 * four, expiry and the gateway's token only: never the number, never the CVV), points packages,
 * payment attempts (one per idempotency key: the lock that makes a doubled purchase charge once),
 * package purchases and invoices; plus the indexes of the points history and the branch reports.
 */
export const money = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

    await db.schema
      .createTable('cards')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('name_on_card', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull().check(sql.raw('length(last4) = 4')))
      .addColumn('exp_month', 'text', (c) => c.notNull())
      .addColumn('exp_year', 'text', (c) => c.notNull())
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cards_merchant_idx').on('cards').columns(['merchant_id', 'id']).execute();
    // at most one default card per merchant, whatever races happen (the service keeps at least one)
    await db.schema
      .createIndex('cards_one_default_uq')
      .on('cards')
      .column('merchant_id')
      .unique()
      .where(sql.ref('is_default'), '=', 1)
      .execute();

    await db.schema
      .createTable('packages')
      .addColumn('id', t.id, idCol)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_ar', 'text')
      .addColumn('description', 'text')
      .addColumn('description_ar', 'text')
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql.raw('amount_cents > 0')))
      .addColumn('points', 'integer', (c) => c.notNull().check(sql.raw('points > 0')))
      .addColumn('validto', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('packages_sale_idx').on('packages').columns(['is_active', 'validto']).execute();

    await db.schema
      .createTable('payment_attempts')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
      .addColumn('card_id', 'integer', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('charge_id', 'text')
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('payment_type', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text')
      // who works on it now (a random id) and since when; a stale lock may be taken over
      .addColumn('lock_id', 'text', (c) => c.notNull())
      .addColumn('locked_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payment_attempts_key_uq', ['merchant_id', 'idempotency_key'])
      .execute();

    await db.schema
      .createTable('package_requests')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
      .addColumn('payment_attempt_id', 'integer', (c) =>
        c.notNull().unique().references('payment_attempts.id').onDelete('cascade'),
      )
      // the card as it was charged: kept when the card is deleted later
      .addColumn('card_id', 'integer', (c) => c.notNull())
      .addColumn('card_brand', 'text', (c) => c.notNull())
      .addColumn('card_last4', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull().check(sql.raw('points > 0')))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql.raw('amount_cents >= 0')))
      .addColumn('payment_type', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text')
      .addColumn('charge_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('package_requests_merchant_idx')
      .on('package_requests')
      .columns(['merchant_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('invoices')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('package_request_id', 'integer', (c) =>
        c.unique().references('package_requests.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql.raw('amount_cents >= 0')))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('invoices_merchant_idx')
      .on('invoices')
      .columns(['merchant_id', 'created_at', 'id'])
      .execute();

    // the points history: one account's rows, newest first
    await db.schema
      .createIndex('ledger_entries_account_idx')
      .on('ledger_entries')
      .columns(['account_type', 'account_id', 'id'])
      .execute();
    // the branch reports: a merchant's requests over a date range
    await db.schema
      .createIndex('offer_requests_report_idx')
      .on('offer_requests')
      .columns(['merchant_id', 'created_at', 'branch_id'])
      .execute();
    await db.schema
      .createIndex('product_requests_report_idx')
      .on('product_requests')
      .columns(['merchant_id', 'created_at', 'branch_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const index of ['product_requests_report_idx', 'offer_requests_report_idx', 'ledger_entries_account_idx'])
      await db.schema.dropIndex(index).execute();
    for (const table of ['invoices', 'package_requests', 'payment_attempts', 'packages', 'cards'])
      await db.schema.dropTable(table).execute();
  },
});
