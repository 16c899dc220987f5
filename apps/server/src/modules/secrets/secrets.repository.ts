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
});

export type SecretsRepository = ReturnType<typeof secretsRepository>;
