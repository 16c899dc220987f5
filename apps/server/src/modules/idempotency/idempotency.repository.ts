import type { Kysely } from 'kysely';
import type { Actor } from '../../core/caller';
import type { Database } from '../../db/schema';

/** The `idempotency_keys` table: a replayable call's first answer per caller and key. */
export const idempotencyRepository = (db: Kysely<Database>) => ({
  async find(actor: Actor, key: string): Promise<{ path: string; response: string } | undefined> {
    return db
      .selectFrom('idempotencyKeys')
      .select(['path', 'response'])
      .where('subjectType', '=', actor.type)
      .where('subjectId', '=', actor.id)
      .where('key', '=', key)
      .executeTakeFirst();
  },
  /** Keeps the first answer stored under the key; a later one does not overwrite it. */
  async save(actor: Actor, key: string, path: string, response: string): Promise<void> {
    await db
      .insertInto('idempotencyKeys')
      .values({
        subjectType: actor.type,
        subjectId: actor.id,
        key,
        path,
        response,
        createdAt: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['subjectType', 'subjectId', 'key']).doNothing())
      .execute();
  },
});

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
