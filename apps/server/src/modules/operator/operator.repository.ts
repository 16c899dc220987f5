import type { MerchantStatus } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
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

  setMerchantStatus: (id: number, status: MerchantStatus, isLive?: number) =>
    db
      .updateTable('merchants')
      .set({ status, ...(isLive !== undefined && { isLive }), updatedAt: nowIso() })
      .where('id', '=', id)
      .execute(),

  staffIdsOf: async (merchantId: number) =>
    (await db.selectFrom('merchantUsers').select('id').where('merchantId', '=', merchantId).execute()).map((r) => r.id),

  tagByName: (name: string) => db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst(),

  insertTag: (name: string) =>
    db
      .insertInto('tags')
      .values({ name, createdAt: nowIso() })
      .returning(['id', 'name', 'createdAt'])
      .executeTakeFirstOrThrow(),

  settlement: (id: number) =>
    db
      .selectFrom('settlements as s')
      .innerJoin('merchants as m', 'm.id', 's.merchantId')
      .select(['s.id', 's.status', 's.amountCents', 's.productRequestId', 'm.name as merchantName'])
      .where('s.id', '=', id)
      .executeTakeFirst(),

  /** Moves a settlement from `from` to `to` only if it is still `from`; true when this call moved it. */
  async moveSettlement(id: number, from: 'initial' | 'pending', to: 'pending' | 'paid') {
    const res = await db
      .updateTable('settlements')
      .set({ status: to, updatedAt: nowIso() })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  customerByMobile: (mobile: string) =>
    db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile', 'balance'])
      .where('mobile', '=', mobile)
      .executeTakeFirst(),

  insertToken: (tokenHash: string, label: string | null) =>
    db
      .insertInto('operatorTokens')
      .values({ tokenHash, label, createdAt: nowIso(), revokedAt: null })
      .returning(['id', 'createdAt'])
      .executeTakeFirstOrThrow(),

  /** A token that is not revoked, by the hash of its value. */
  tokenByHash: (tokenHash: string) =>
    db
      .selectFrom('operatorTokens')
      .select(['id', 'label'])
      .where('tokenHash', '=', tokenHash)
      .where('revokedAt', 'is', null)
      .executeTakeFirst(),

  /** Every operator token, newest first: id, label and dates (never the hash). */
  tokens: () =>
    db.selectFrom('operatorTokens').select(['id', 'label', 'createdAt', 'revokedAt']).orderBy('id', 'desc').execute(),

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
  insertAction: (actor: string, action: string, detail: unknown) =>
    db
      .insertInto('operatorActions')
      .values({ actor, action, detail: JSON.stringify(detail ?? {}), createdAt: nowIso() })
      .execute(),

  actions: (limit: number) => db.selectFrom('operatorActions').selectAll().orderBy('id', 'desc').limit(limit).execute(),
});

export type OperatorRepository = ReturnType<typeof operatorRepository>;
