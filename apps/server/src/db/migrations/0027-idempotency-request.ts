import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * `idempotency_keys.request` (issue 23, point 6): what a key was first used for — the call's
 * parameters as canonical JSON (a courier's status change: the request id and the status) — so the
 * same key sent for another request, another status or in the header form of another call answers
 * 409 instead of the first call's answer. Rows from before keep null and are matched by path alone.
 * A key is claimed before its call runs: `response` stays '' until the call has answered.
 */
export const idempotencyRequest = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('idempotency_keys').addColumn('request', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('idempotency_keys').dropColumn('request').execute();
  },
});
