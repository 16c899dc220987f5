import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/** How long a token made before expiry existed keeps working from this migration (docs/security.md). */
const EXISTING_TOKENS_DAYS = 90;

/**
 * Operator tokens expire (docs/security.md, "Operator tokens"): `operator_tokens.expires_at`. Tokens
 * made before this release get 90 days from the migration, so a running deployment is not locked out.
 */
export const operatorTokenExpiry = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('operator_tokens').addColumn('expires_at', 'text').execute();
    const until = new Date(Date.now() + EXISTING_TOKENS_DAYS * 24 * 3600 * 1000).toISOString();
    await sql`UPDATE operator_tokens SET expires_at = ${until}`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('operator_tokens').dropColumn('expires_at').execute();
  },
});
