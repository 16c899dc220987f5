import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import { CLI_OPERATOR } from '../../db/migrations/0025-operators';
import type { Database } from '../../db/schema';

/** The operator's SQL: merchants across the platform, tags and customers by mobile. */
export const operatorRepository = (db: Kysely<Database>) => ({
  listMerchants: () =>
    db
      .selectFrom('merchants')
      .select(['id', 'name', 'mobile', 'status', 'isLive', 'balance', 'createdAt'])
      .orderBy('id')
      .execute(),

  merchantByMobile: (mobile: string) =>
    db.selectFrom('merchants').selectAll().where('mobile', '=', mobile).executeTakeFirst(),

  staffIdsOf: async (merchantId: number) =>
    (await db.selectFrom('merchantUsers').select('id').where('merchantId', '=', merchantId).execute()).map((r) => r.id),

  customerByMobile: (mobile: string) =>
    db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile', 'balance'])
      .where('mobile', '=', mobile)
      .executeTakeFirst(),

  /** The command line's operator row (made by migration 0025); made again, once, if it was removed. */
  async cliOperatorId(): Promise<number> {
    const find = () =>
      db.selectFrom('operators').select('id').where('builtin', '=', CLI_OPERATOR.builtin).executeTakeFirst();
    const found = await find();
    if (found) return found.id;
    await db
      .insertInto('operators')
      .values({
        name: CLI_OPERATOR.name,
        nameAr: CLI_OPERATOR.nameAr,
        role: CLI_OPERATOR.role,
        builtin: CLI_OPERATOR.builtin,
        createdAt: nowIso(),
      })
      .onConflict((oc) => oc.column('builtin').doNothing())
      .execute();
    const made = await find();
    if (!made) throw new Error('the command line operator could not be made');
    return made.id;
  },

  /** The operator an operator token acts as (null for a token made before operators existed). */
  tokenOperatorId: async (tokenId: number) =>
    (await db.selectFrom('operatorTokens').select('operatorId').where('id', '=', tokenId).executeTakeFirst())
      ?.operatorId ?? null,

  insertToken: (tokenHash: string, label: string | null, operatorId: number, expiresAt: string) =>
    db
      .insertInto('operatorTokens')
      .values({ tokenHash, label, createdAt: nowIso(), revokedAt: null, operatorId, expiresAt })
      .returning(['id', 'createdAt'])
      .executeTakeFirstOrThrow(),

  /** A token that is neither revoked nor expired, by the hash of its value. */
  tokenByHash: (tokenHash: string) =>
    db
      .selectFrom('operatorTokens')
      .select(['id', 'label'])
      .where('tokenHash', '=', tokenHash)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', nowIso())
      .executeTakeFirst(),

  /** Every operator token, newest first: id, label and dates (never the hash). */
  tokens: () =>
    db
      .selectFrom('operatorTokens')
      .select(['id', 'label', 'createdAt', 'revokedAt', 'expiresAt'])
      .orderBy('id', 'desc')
      .execute(),

  /** Marks a token revoked unless it already is; the number of rows changed (0 or 1). */
  async revokeToken(id: number) {
    const res = await db
      .updateTable('operatorTokens')
      .set({ revokedAt: nowIso() })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  tokenById: (id: number) =>
    db
      .selectFrom('operatorTokens')
      .select(['id', 'label', 'createdAt', 'revokedAt'])
      .where('id', '=', id)
      .executeTakeFirst(),

  /** Appends one operator action to the log (who, what, when). */
  insertAction: (actor: string, action: string, detail: unknown, operatorId: number | null, ip: string | null) =>
    db
      .insertInto('operatorActions')
      .values({ actor, action, detail: JSON.stringify(detail ?? {}), operatorId, ip, createdAt: nowIso() })
      .execute(),

  actions: (limit: number) => db.selectFrom('operatorActions').selectAll().orderBy('id', 'desc').limit(limit).execute(),
});

export type OperatorRepository = ReturnType<typeof operatorRepository>;
