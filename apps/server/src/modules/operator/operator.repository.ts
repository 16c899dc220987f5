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

  customerByMobile: (mobile: string) =>
    db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile', 'balance'])
      .where('mobile', '=', mobile)
      .executeTakeFirst(),
});

export type OperatorRepository = ReturnType<typeof operatorRepository>;
