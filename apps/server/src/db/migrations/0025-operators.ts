import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/** The built-in operator the command line acts as (`operators.builtin`). */
export const CLI_OPERATOR = { builtin: 'cli', name: 'Platform support', nameAr: 'دعم المنصة', role: 'admin' } as const;

/**
 * The platform's operators (issue 23, point 5), laid out so that operator accounts (issue 25: a role,
 * a password, a TOTP secret, sessions and an audit log of their own) only add to it: id, name (and
 * its Arabic variant), role `admin` | `support` | `finance`, mobile (unique, none for the built-in
 * one), password hash and TOTP secret (none yet), created and disabled times, and `builtin` (unique:
 * `cli` for the command line, null for people). The command line's row is made here; the operator
 * tokens of `/api/admin/...` belong to an operator (`operator_id`, the command line's for every
 * token so far, which the command line made). A ticket message's `admin_id` is an operator's id:
 * the rows written as 0 (the command line) or as a token's id become the command line operator's.
 */
export const operators = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
    await db.schema
      .createTable('operators')
      .addColumn('id', t.id, idCol)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_ar', 'text')
      .addColumn('role', 'text', (c) => c.notNull().check(sql.raw("role IN ('admin','support','finance')")))
      .addColumn('mobile', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('totp_secret', 'text')
      .addColumn('builtin', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('disabled_at', 'text')
      .execute();
    await db
      .insertInto('operators' as never)
      .values({
        name: CLI_OPERATOR.name,
        name_ar: CLI_OPERATOR.nameAr,
        role: CLI_OPERATOR.role,
        builtin: CLI_OPERATOR.builtin,
        created_at: new Date().toISOString(),
      } as never)
      .execute();
    const cli = sql`(SELECT id FROM operators WHERE builtin = ${CLI_OPERATOR.builtin})`;
    await db.schema
      .alterTable('operator_tokens')
      .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
      .execute();
    await sql`UPDATE operator_tokens SET operator_id = ${cli}`.execute(db);
    await sql`UPDATE ticket_messages SET admin_id = ${cli} WHERE admin_id IS NOT NULL`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`UPDATE ticket_messages SET admin_id = 0 WHERE admin_id IS NOT NULL`.execute(db);
    await db.schema.alterTable('operator_tokens').dropColumn('operator_id').execute();
    await db.schema.dropTable('operators').execute();
  },
});
