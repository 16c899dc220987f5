import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Page = { merchantId?: number; limit: number; offset: number };

/** What customers may browse: the catalogue of approved, live merchants (read only). */
export const customerRequestsRepository = (db: Kysely<Database>) => {
  const liveOffers = (day: string, merchantId?: number) =>
    db
      .selectFrom('offers as o')
      .innerJoin('merchants as m', 'm.id', 'o.merchantId')
      .where('m.status', '=', 'approved')
      .where('m.isLive', '=', 1)
      .where('o.isActive', '=', 1)
      .where('o.startDate', '<=', day)
      .where('o.endDate', '>=', day)
      .where('o.availableNumberOfOffers', '>', 0)
      .$if(merchantId !== undefined, (q) => q.where('o.merchantId', '=', merchantId!));

  const liveProducts = (merchantId?: number) =>
    db
      .selectFrom('products as p')
      .innerJoin('merchants as m', 'm.id', 'p.merchantId')
      .where('m.status', '=', 'approved')
      .where('m.isLive', '=', 1)
      .where('p.isActive', '=', 1)
      .$if(merchantId !== undefined, (q) => q.where('p.merchantId', '=', merchantId!));

  return {
    /** A published merchant's active branches, oldest first, and their count. */
    async branches(merchantId: number, p: { limit: number; offset: number }) {
      const rows = await db
        .selectFrom('branches')
        .select(['id', 'merchantId', 'branchName', 'branchNameAr', 'address', 'addressAr', 'phone', 'lat', 'long'])
        .select(['pausedUntil', 'openingHours'])
        .where('merchantId', '=', merchantId)
        .where('isActive', '=', 1)
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .limit(p.limit)
        .offset(p.offset)
        .execute();
      const n = await db
        .selectFrom('branches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchantId', '=', merchantId)
        .where('isActive', '=', 1)
        .executeTakeFirst();
      return { rows, count: Number(n?.n ?? 0) };
    },

    /** The active ones of these branches, with what says whether they take orders now (their pause and hours). */
    activeBranchTimes: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('branches')
            .select(['id', 'pausedUntil', 'openingHours'])
            .where('id', 'in', ids)
            .where('isActive', '=', 1)
            .execute(),

    /** Whether a merchant's catalogue is open to customers (approved and live). */
    isPublished: async (merchantId: number) =>
      (await db
        .selectFrom('merchants')
        .select('id')
        .where('id', '=', merchantId)
        .where('status', '=', 'approved')
        .where('isLive', '=', 1)
        .executeTakeFirst()) !== undefined,

    async offers(day: string, p: Page) {
      const count = await liveOffers(day, p.merchantId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await liveOffers(day, p.merchantId)
        .selectAll('o')
        .orderBy('o.createdAt', 'desc')
        .orderBy('o.id', 'desc')
        .limit(p.limit)
        .offset(p.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },

    async products(p: Page) {
      const count = await liveProducts(p.merchantId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await liveProducts(p.merchantId)
        .selectAll('p')
        .select('m.name as merchantName')
        .orderBy('p.createdAt', 'desc')
        .orderBy('p.id', 'desc')
        .limit(p.limit)
        .offset(p.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },
  };
};
