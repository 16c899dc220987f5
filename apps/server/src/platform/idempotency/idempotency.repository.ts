import type { Kysely } from 'kysely';
import type { Actor } from '../../core/caller';
import type { Database } from '../../db/schema';

/** The `idempotency_keys` table: what a caller's key was first used for, and that call's first answer. */
export const idempotencyRepository = (db: Kysely<Database>) => ({
  async find(
    actor: Actor,
    key: string,
  ): Promise<{ path: string; request: string | null; response: string } | undefined> {
    return db
      .selectFrom('idempotencyKeys')
      .select(['path', 'request', 'response'])
      .where('subjectType', '=', actor.type)
      .where('subjectId', '=', actor.id)
      .where('key', '=', key)
      .executeTakeFirst();
  },

  /**
   * Claims the key for a call (its path and parameters) before the call runs, the answer still
   * empty; false when the key was already claimed (by this call or another one).
   */
  async claim(actor: Actor, key: string, path: string, request: string): Promise<boolean> {
    const res = await db
      .insertInto('idempotencyKeys')
      .values({
        subjectType: actor.type,
        subjectId: actor.id,
        key,
        path,
        request,
        response: '',
        createdAt: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['subjectType', 'subjectId', 'key']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Keeps the first answer under a claimed key; a later one does not overwrite it. */
  async answer(actor: Actor, key: string, response: string): Promise<void> {
    await db
      .updateTable('idempotencyKeys')
      .set({ response })
      .where('subjectType', '=', actor.type)
      .where('subjectId', '=', actor.id)
      .where('key', '=', key)
      .where('response', '=', '')
      .execute();
  },
});

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
