import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The demo's SQL: look-ups by the demo's natural keys (mobiles, names), so a second run adds nothing
 * twice. It writes nothing: the demo adds rows through their owner modules (merchant-account.ts,
 * branch-writes.ts, staff-account.ts, customer-account.ts, tag-writes.ts).
 */
export const demoRepository = (db: Kysely<Database>) => ({
  merchantId: async (mobile: string) =>
    (await db.selectFrom('merchants').select('id').where('mobile', '=', mobile).executeTakeFirst())?.id,

  branchId: async (merchantId: number, branchName: string) =>
    (
      await db
        .selectFrom('branches')
        .select('id')
        .where('merchantId', '=', merchantId)
        .where('branchName', '=', branchName)
        .executeTakeFirst()
    )?.id,

  branchIdsOf: async (merchantId: number) =>
    (await db.selectFrom('branches').select('id').where('merchantId', '=', merchantId).orderBy('id').execute()).map(
      (b) => b.id,
    ),

  staffExists: async (mobileNum: string) =>
    (await db.selectFrom('merchantUsers').select('id').where('mobileNum', '=', mobileNum).executeTakeFirst()) !==
    undefined,

  customer: (mobile: string) =>
    db.selectFrom('customers').select(['id', 'name']).where('mobile', '=', mobile).executeTakeFirst(),

  tagId: async (name: string) =>
    (await db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst())?.id,

  offerId: async (merchantId: number, title: string) =>
    (
      await db
        .selectFrom('offers')
        .select('id')
        .where('merchantId', '=', merchantId)
        .where('title', '=', title)
        .executeTakeFirst()
    )?.id,

  offerHasImages: async (offerId: number) =>
    (await db.selectFrom('offerImages').select('id').where('offerId', '=', offerId).executeTakeFirst()) !== undefined,

  product: (merchantId: number, name: string) =>
    db
      .selectFrom('products')
      .select(['id', 'image'])
      .where('merchantId', '=', merchantId)
      .where('name', '=', name)
      .executeTakeFirst(),

  hasOfferRequests: async (merchantId: number) =>
    (await db.selectFrom('offerRequests').select('id').where('merchantId', '=', merchantId).executeTakeFirst()) !==
    undefined,

  offersOf: (merchantId: number) =>
    db.selectFrom('offers').select(['id', 'title']).where('merchantId', '=', merchantId).orderBy('id').execute(),

  offerBranches: () => db.selectFrom('offerBranches').select(['offerId', 'branchId']).orderBy('branchId').execute(),
});

export type DemoRepository = ReturnType<typeof demoRepository>;
