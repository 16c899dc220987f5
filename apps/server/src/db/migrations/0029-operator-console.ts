import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * The operator console (issue 25). Operator accounts sign in (sessions of subject type `operator`,
 * in the same table; its subject_type is free text) with a password and an authenticator code: the
 * last code step used is kept (`totp_last_step`) so a code is accepted once. The operator log names
 * the operator who acted (`operator_id`; null on the rows of the command line and tokens before
 * this, whose `actor` says who) and the address it came from (`ip`). A settlement keeps the payment
 * reference the operator paid it with and when (`reference`, `paid_at`); paid rows so far take
 * their last change as paid_at.
 */
export const operatorConsole = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('operators').addColumn('totp_last_step', 'integer').execute();
    await db.schema
      .alterTable('operator_actions')
      .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
      .execute();
    await db.schema.alterTable('operator_actions').addColumn('ip', 'text').execute();
    await db.schema.alterTable('settlements').addColumn('reference', 'text').execute();
    await db.schema.alterTable('settlements').addColumn('paid_at', 'text').execute();
    await sql`UPDATE settlements SET paid_at = updated_at WHERE status = 'paid'`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('settlements').dropColumn('paid_at').execute();
    await db.schema.alterTable('settlements').dropColumn('reference').execute();
    await db.schema.alterTable('operator_actions').dropColumn('ip').execute();
    await db.schema.alterTable('operator_actions').dropColumn('operator_id').execute();
    await db.schema.alterTable('operators').dropColumn('totp_last_step').execute();
  },
});
