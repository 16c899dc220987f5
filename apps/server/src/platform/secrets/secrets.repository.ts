import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The `app_secrets` table: insert once (first writer wins), read by name. */
export const secretsRepository = (db: Kysely<Database>) => ({
  async find(name: string): Promise<string | undefined> {
    const row = await db.selectFrom('appSecrets').select('value').where('name', '=', name).executeTakeFirst();
    return row?.value;
  },
  /** Inserts unless the name exists; concurrent writers cannot overwrite each other. */
  async insertIfMissing(name: string, value: string): Promise<void> {
    await db
      .insertInto('appSecrets')
      .values({ name, value, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  },

  /** Every key of a purpose, oldest first. */
  signingKeys: (purpose: string) =>
    db
      .selectFrom('signingKeys')
      .select(['kid', 'secret', 'createdAt', 'retiredAt'])
      .where('purpose', '=', purpose)
      .orderBy('createdAt')
      .orderBy('kid')
      .execute(),

  /** Adds a key unless its id exists; true when this call added it. */
  async insertSigningKey(purpose: string, kid: string, secret: string, createdAt: string): Promise<boolean> {
    const rows = await db
      .insertInto('signingKeys')
      .values({ purpose, kid, secret, createdAt, retiredAt: null })
      .onConflict((oc) => oc.columns(['purpose', 'kid']).doNothing())
      .returning('kid')
      .execute();
    return rows.length === 1;
  },

  /** Retires every key of the purpose but `keep` that is not retired yet; the ids retired. */
  async retireAllBut(purpose: string, keep: string, at: string): Promise<string[]> {
    const rows = await db
      .updateTable('signingKeys')
      .set({ retiredAt: at })
      .where('purpose', '=', purpose)
      .where('kid', '!=', keep)
      .where('retiredAt', 'is', null)
      .returning('kid')
      .execute();
    return rows.map((r) => r.kid);
  },

  /** Forgets keys retired before `before` (no code they signed can still be used). */
  dropRetiredBefore: (purpose: string, before: string) =>
    db
      .deleteFrom('signingKeys')
      .where('purpose', '=', purpose)
      .where('retiredAt', 'is not', null)
      .where('retiredAt', '<', before)
      .execute(),
});

export type SecretsRepository = ReturnType<typeof secretsRepository>;
