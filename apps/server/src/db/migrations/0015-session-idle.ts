import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * Sessions that end when unused, and the live feed's stream tickets (docs/security.md, "Tokens"):
 * - `sessions.last_seen_at`: when the session was last used (written at most once a minute); a
 *   session unused for longer than its role's idle time no longer resolves. Null on rows written by
 *   a server of the previous release: their `created_at` stands in.
 * - `stream_tickets`: a short-lived, single-use ticket that opens `GET /api/merchant/events` in place
 *   of the session token, which must never travel in a URL. Only its SHA-256 is kept.
 */
export const sessionIdle = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const idCol = (c: ColumnDefinitionBuilder) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
    await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
    await sql`UPDATE sessions SET last_seen_at = created_at`.execute(db);
    await db.schema
      .createTable('stream_tickets')
      .addColumn('id', t.id, idCol)
      .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stream_tickets_expires_idx').on('stream_tickets').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('stream_tickets').execute();
    await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  },
});
