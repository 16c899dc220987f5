import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Staff permission sets and the manager override (issue 27): a merchant's named sets (name unique
 * per merchant, permissions a JSON array of keys), a staff member's set (null: the default set,
 * every permission), the merchant's override PIN (argon2id) with its wrong tries and lock, and the
 * thresholds above which staff need the override; an audit row names the manager whose override
 * let a staff member's action through.
 */
export const permissionSets = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
    await db.schema
      .createTable('permission_sets')
      .addColumn('id', t.id, idCol)
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('permission_sets_merchant_name', ['merchant_id', 'name'])
      .execute();
    await db.schema
      .alterTable('merchant_users')
      .addColumn('permission_set_id', 'integer', (c) => c.references('permission_sets.id').onDelete('set null'))
      .execute();
    await db.schema
      .createTable('merchant_overrides')
      .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchants.id').onDelete('cascade'))
      .addColumn('pin_hash', 'text')
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('redeem_points_above', 'integer')
      .addColumn('refunds', 'integer', (c) => c.notNull().defaultTo(0).check(sql.raw('refunds IN (0, 1)')))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('audit_log').addColumn('override_by_id', 'integer').execute();
    await db.schema.alterTable('audit_log').addColumn('override_by_name', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('audit_log').dropColumn('override_by_name').execute();
    await db.schema.alterTable('audit_log').dropColumn('override_by_id').execute();
    await db.schema.dropTable('merchant_overrides').execute();
    await db.schema.alterTable('merchant_users').dropColumn('permission_set_id').execute();
    await db.schema.dropTable('permission_sets').execute();
  },
});
