import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Product orders (docs/domain.md, "Product requests"): customer addresses, product requests with
 * their delivery, and the settlement a completed request creates. Indexes follow the lists' filters
 * and order (newest first).
 */
export const orders = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

    await db.schema
      .createTable('user_addresses')
      .addColumn('id', t.id, idCol)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('address1', 'text', (c) => c.notNull())
      .addColumn('address2', 'text')
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('lat', t.float)
      .addColumn('long', t.float)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_addresses_user_idx').on('user_addresses').column('user_id').execute();

    await db.schema
      .createTable('product_requests')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('address_id', 'integer', (c) => c.references('user_addresses.id').onDelete('set null'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('pay_with', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql.raw('price_cents >= 0')))
      .addColumn('points', 'integer', (c) => c.notNull().check(sql.raw('points >= 0')))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('is_canceled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_refund', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refund_reason', 'text')
      .addColumn('refund_comment', 'text')
      .addColumn('delivery_status', 'text')
      .addColumn('employee_id', 'integer', (c) => c.references('merchant_users.id').onDelete('set null'))
      .addColumn('assigned_at', 'text')
      .addColumn('done_at', 'text')
      .addColumn('done_by_type', 'text')
      .addColumn('done_by_id', 'integer')
      .addColumn('canceled_at', 'text')
      .addColumn('refund_requested_at', 'text')
      .addColumn('refunded_at', 'text')
      .addColumn('refunded_by_type', 'text')
      .addColumn('refunded_by_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // the merchant's tabs: type + canceled, newest first; staff: the same within a branch
    await db.schema
      .createIndex('product_requests_merchant_list_idx')
      .on('product_requests')
      .columns(['merchant_id', 'type', 'is_canceled', 'created_at', 'id'])
      .execute();
    // the Canceled tab: every type
    await db.schema
      .createIndex('product_requests_merchant_canceled_idx')
      .on('product_requests')
      .columns(['merchant_id', 'is_canceled', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('product_requests_branch_list_idx')
      .on('product_requests')
      .columns(['merchant_id', 'branch_id', 'type', 'is_canceled', 'created_at', 'id'])
      .execute();
    // the courier's lists
    await db.schema
      .createIndex('product_requests_courier_idx')
      .on('product_requests')
      .columns(['employee_id', 'delivery_status', 'created_at'])
      .execute();
    await db.schema
      .createIndex('product_requests_user_idx')
      .on('product_requests')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('settlements')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('product_request_id', 'integer', (c) =>
        c.notNull().unique().references('product_requests.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql.raw('amount_cents >= 0')))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('initial'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('settlements_merchant_status_idx')
      .on('settlements')
      .columns(['merchant_id', 'status', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('settlement_details')
      .addColumn('id', t.id, idCol)
      .addColumn('settlement_id', 'integer', (c) => c.notNull().references('settlements.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      // a sale line (+price, when the request is done) or a refund line (-price, when its refund is confirmed)
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('sale'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // one sale line and at most one refund line per settlement
    await db.schema
      .createIndex('settlement_details_settlement_kind_idx')
      .on('settlement_details')
      .columns(['settlement_id', 'kind'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['settlement_details', 'settlements', 'product_requests', 'user_addresses'])
      await db.schema.dropTable(table).execute();
  },
});
