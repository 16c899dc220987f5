import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { BranchesTable, Database, MerchantsTable, MerchantUsersTable } from '../../db/schema';

type New<T> = Omit<T, 'id' | 'createdAt' | 'updatedAt'>;

/** The demo's SQL: look-ups by the demo's natural keys (mobiles, names), so a second run adds nothing twice. */
export const demoRepository = (db: Kysely<Database>) => ({
  merchantId: async (mobile: string) =>
    (await db.selectFrom('merchants').select('id').where('mobile', '=', mobile).executeTakeFirst())?.id,

  insertMerchant: async (v: New<MerchantsTable>) => {
    const now = nowIso();
    return (
      await db
        .insertInto('merchants')
        .values({ ...v, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  },

  branchId: async (merchantId: number, branchName: string) =>
    (
      await db
        .selectFrom('branches')
        .select('id')
        .where('merchantId', '=', merchantId)
        .where('branchName', '=', branchName)
        .executeTakeFirst()
    )?.id,

  insertBranch: async (v: Omit<New<BranchesTable>, 'pausedUntil' | 'pauseReason' | 'openingHours'>) => {
    const now = nowIso();
    return (
      await db
        .insertInto('branches')
        .values({ ...v, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  },

  branchIdsOf: async (merchantId: number) =>
    (await db.selectFrom('branches').select('id').where('merchantId', '=', merchantId).orderBy('id').execute()).map(
      (b) => b.id,
    ),

  staffExists: async (mobileNum: string) =>
    (await db.selectFrom('merchantUsers').select('id').where('mobileNum', '=', mobileNum).executeTakeFirst()) !==
    undefined,

  insertStaff: async (v: Omit<New<MerchantUsersTable>, 'permissionSetId'>) => {
    const now = nowIso();
    await db
      .insertInto('merchantUsers')
      .values({ ...v, createdAt: now, updatedAt: now })
      .execute();
  },

  customer: (mobile: string) =>
    db.selectFrom('customers').select(['id', 'name']).where('mobile', '=', mobile).executeTakeFirst(),

  insertCustomer: async (v: { name: string; mobile: string; passwordHash: string }) => {
    const now = nowIso();
    await db
      .insertInto('customers')
      .values({
        ...v,
        currency: 'USD',
        balance: 0,
        mustChangePassword: 0,
        registeredByMerchantId: null,
        registeredBranchId: null,
        // the demo's customers sign in with the demo password: their numbers count as confirmed
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  },

  tagId: async (name: string) =>
    (await db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst())?.id,

  insertTag: async (name: string) =>
    (await db.insertInto('tags').values({ name, createdAt: nowIso() }).returning('id').executeTakeFirstOrThrow()).id,

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
