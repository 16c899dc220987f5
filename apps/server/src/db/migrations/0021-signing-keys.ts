import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * `signing_keys`: keys that can rotate (docs/security.md, "Keys that rotate"). One row per key of a
 * purpose (`qr` for the signed request codes), named by its id (`k0`, `k1`, …); the newest key not
 * retired signs, and a retired key still verifies the codes it signed while they can live. The QR key
 * the server had so far (`app_secrets.qr-hmac`) becomes `k0`, which verifies the codes of the first
 * format (they carry no key id).
 */
export const signingKeys = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('signing_keys')
      .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
      .addColumn('kid', 'varchar(16)', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('retired_at', 'text')
      .addPrimaryKeyConstraint('signing_keys_pk', ['purpose', 'kid'])
      .execute();
    await sql`insert into signing_keys (purpose, kid, secret, created_at)
      select 'qr', 'k0', value, created_at from app_secrets where name = 'qr-hmac'`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('signing_keys').execute();
  },
});
