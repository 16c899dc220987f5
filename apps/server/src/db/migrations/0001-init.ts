import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/** Accounts, sessions, catalogue, requests and the points ledger. */
export const init = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

    await db.schema
      .createTable('merchants')
      .addColumn('id', t.id, idCol)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('is_live', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0).check(sqlCheck('balance >= 0')))
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('logo', 'text')
      .addColumn('hot_line', 'text')
      .addColumn('refund_period', 'integer')
      .addColumn('commission_percentage', t.float)
      .addColumn('tax_registration_number', 'text')
      .addColumn('refund_rules', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('branches')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('branch_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('address_ar', 'text')
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('lat', t.float)
      .addColumn('long', t.float)
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('branches_merchant_idx').on('branches').column('merchant_id').execute();

    await db.schema
      .createTable('merchant_users')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null'))
      .addColumn('f_name', 'text', (c) => c.notNull())
      .addColumn('m_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('l_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('mobile_num', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('merchant_users_merchant_idx')
      .on('merchant_users')
      .columns(['merchant_id', 'rule'])
      .execute();

    await db.schema
      .createTable('customers')
      .addColumn('id', t.id, idCol)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0).check(sqlCheck('balance >= 0')))
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('registered_by_merchant_id', 'integer', (c) => c.references('merchants.id').onDelete('set null'))
      .addColumn('registered_branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', t.id, idCol)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('sessions_subject_idx')
      .on('sessions')
      .columns(['subject_type', 'subject_id'])
      .execute();

    await db.schema
      .createTable('verification_codes')
      .addColumn('id', t.id, idCol)
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verification_codes_subject_idx')
      .on('verification_codes')
      .columns(['subject_type', 'subject_id', 'purpose'])
      .execute();

    await db.schema
      .createTable('sms_outbox')
      .addColumn('id', t.id, idCol)
      .addColumn('to_mobile', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('tags')
      .addColumn('id', t.id, idCol)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('offers')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_ar', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('description_ar', 'text')
      .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available_number_of_offers', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sqlCheck('available_number_of_offers >= 0')),
      )
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('rate', t.float, (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('offers_merchant_idx').on('offers').column('merchant_id').execute();

    await db.schema
      .createTable('offer_branches')
      .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('offer_branches_pk', ['offer_id', 'branch_id'])
      .execute();
    await db.schema.createIndex('offer_branches_branch_idx').on('offer_branches').column('branch_id').execute();

    await db.schema
      .createTable('offer_tags')
      .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('offer_tags_pk', ['offer_id', 'tag_id'])
      .execute();

    await db.schema
      .createTable('offer_images')
      .addColumn('id', t.id, idCol)
      .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('offer_images_position_uq', ['offer_id', 'position'])
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_ar', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('description_ar', 'text')
      .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock_amount', 'integer', (c) => c.notNull().defaultTo(0).check(sqlCheck('stock_amount >= 0')))
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text')
      .addColumn('rate', t.float, (c) => c.notNull().defaultTo(0))
      .addColumn('delivery_availability', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('products_merchant_idx').on('products').column('merchant_id').execute();

    await db.schema
      .createTable('product_tags')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag_id'])
      .execute();

    await db.schema
      .createTable('offer_requests')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('pay_with', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('is_aproved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('approved_by_type', 'text')
      .addColumn('approved_by_id', 'integer')
      .addColumn('approved_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('offer_requests_merchant_idx')
      .on('offer_requests')
      .columns(['merchant_id', 'status', 'created_at'])
      .execute();
    await db.schema.createIndex('offer_requests_offer_idx').on('offer_requests').column('offer_id').execute();

    await db.schema
      .createTable('redeem_requests')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull().check(sqlCheck('amount > 0')))
      .addColumn('is_approved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('approved_by_type', 'text')
      .addColumn('approved_by_id', 'integer')
      .addColumn('approved_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('redeem_requests_merchant_idx')
      .on('redeem_requests')
      .columns(['merchant_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('ledger_entries')
      .addColumn('id', t.id, idCol)
      .addColumn('account_type', 'text', (c) => c.notNull())
      .addColumn('account_id', 'integer', (c) => c.notNull())
      .addColumn('delta', 'integer', (c) => c.notNull())
      .addColumn('balance_after', 'integer', (c) => c.notNull().check(sqlCheck('balance_after >= 0')))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('ledger_entries_reference_uq', ['account_type', 'account_id', 'reason', 'reference'])
      .execute();
  },
});

const sqlCheck = (expr: string) => sql.raw(expr);
