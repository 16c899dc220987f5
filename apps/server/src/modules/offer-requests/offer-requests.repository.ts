import type { OfferRequestStatus } from '@loyalty/contract';
import { type Kysely, sql } from 'kysely';
import type { Actor, TenantScope } from '../../core/caller';
import { nowIso } from '../../db/dialect';
import type { Database, OfferRequestsTable } from '../../db/schema';

/** The only SQL of offer requests. `db` may be a transaction. */
export const offerRequestsRepository = (db: Kysely<Database>) => {
  /** A merchant's (or branch's) requests, or with `userId` a customer's own. */
  const rows = (scope: TenantScope | { userId: number }, f: { status?: OfferRequestStatus; mobile?: string } = {}) =>
    db
      .selectFrom('offerRequests as r')
      .innerJoin('customers as c', 'c.id', 'r.userId')
      .innerJoin('branches as b', 'b.id', 'r.branchId')
      .innerJoin('offers as o', 'o.id', 'r.offerId')
      .$if('userId' in scope, (q) => q.where('r.userId', '=', (scope as { userId: number }).userId))
      .$if('merchantId' in scope, (q) => q.where('r.merchantId', '=', (scope as TenantScope).merchantId))
      .$if('merchantId' in scope && (scope as TenantScope).branchId !== undefined, (q) =>
        q.where('r.branchId', '=', (scope as TenantScope).branchId ?? -1),
      )
      .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!))
      .$if(f.mobile !== undefined, (q) => q.where('c.mobile', 'like', `%${f.mobile}%`));

  const withColumns = (q: ReturnType<typeof rows>) =>
    q.select([
      'r.id',
      'r.offerId',
      'r.userId',
      'r.branchId',
      'r.merchantId',
      'r.payWith',
      'r.priceCents',
      'r.points',
      'r.status',
      'r.isAproved',
      'r.isActive',
      'r.code',
      'r.rejectReason',
      'r.rejectedAt',
      'r.createdAt',
      'r.updatedAt',
      'c.name as userName',
      'c.mobile as userMobile',
      'b.branchName',
      'b.address',
      'b.addressAr',
      'o.title',
      'o.titleAr',
      'o.description',
      'o.descriptionAr',
      'o.endDate',
      'o.createdAt as offerCreatedAt',
    ]);

  /**
   * The same filter on the requests alone, for counting: the joined customer, branch and offer
   * always exist (NOT NULL foreign keys), so the count needs no join and reads only the
   * (merchant, status, created_at) index (bench/README.md, "Profile").
   */
  const counted = (scope: TenantScope | { userId: number }, f: { status?: OfferRequestStatus; mobile?: string }) =>
    db
      .selectFrom('offerRequests as r')
      .$if('userId' in scope, (q) => q.where('r.userId', '=', (scope as { userId: number }).userId))
      .$if('merchantId' in scope, (q) => q.where('r.merchantId', '=', (scope as TenantScope).merchantId))
      .$if('merchantId' in scope && (scope as TenantScope).branchId !== undefined, (q) =>
        q.where('r.branchId', '=', (scope as TenantScope).branchId ?? -1),
      )
      .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!))
      .$if(f.mobile !== undefined, (q) =>
        q.where('r.userId', 'in', db.selectFrom('customers').select('id').where('mobile', 'like', `%${f.mobile}%`)),
      );

  return {
    async list(
      scope: TenantScope | { userId: number },
      f: { status?: OfferRequestStatus; mobile?: string; limit: number; offset: number },
    ) {
      const count = await counted(scope, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const page = await withColumns(rows(scope, f))
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute();
      return { rows: page, count: Number(count.n) };
    },

    byId: (scope: TenantScope, id: number) => withColumns(rows(scope)).where('r.id', '=', id).executeTakeFirst(),

    /** Image paths of each offer, in their order. */
    async imagesOf(offerIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (offerIds.length === 0) return out;
      const images = await db
        .selectFrom('offerImages')
        .select(['offerId', 'path'])
        .where('offerId', 'in', [...new Set(offerIds)])
        .orderBy('offerId')
        .orderBy('position')
        .execute();
      for (const i of images) out.set(i.offerId, [...(out.get(i.offerId) ?? []), i.path]);
      return out;
    },

    /** An offer with what a request needs to know about its merchant. */
    offerForRequest: (offerId: number) =>
      db
        .selectFrom('offers as o')
        .innerJoin('merchants as m', 'm.id', 'o.merchantId')
        .select([
          'o.id',
          'o.merchantId',
          'o.priceCents',
          'o.points',
          'o.availableNumberOfOffers',
          'o.startDate',
          'o.endDate',
          'o.isActive',
          'm.status as merchantStatus',
          'm.isLive as merchantIsLive',
        ])
        .where('o.id', '=', offerId)
        .executeTakeFirst(),

    /** The branch when it is one of the offer's branches. */
    branchCarrying: (offerId: number, branchId: number) =>
      db
        .selectFrom('offerBranches as ob')
        .innerJoin('branches as b', 'b.id', 'ob.branchId')
        .innerJoin('offers as o', 'o.id', 'ob.offerId')
        .select(['b.id', 'b.isActive'])
        .where('ob.offerId', '=', offerId)
        .where('ob.branchId', '=', branchId)
        .whereRef('b.merchantId', '=', 'o.merchantId')
        .executeTakeFirst(),

    customerBalance: async (userId: number) =>
      (await db.selectFrom('customers').select('balance').where('id', '=', userId).executeTakeFirst())?.balance ?? 0,

    insert: (
      v: Omit<
        OfferRequestsTable,
        | 'id'
        | 'createdAt'
        | 'updatedAt'
        | 'approvedByType'
        | 'approvedById'
        | 'approvedAt'
        | 'rejectReason'
        | 'rejectedAt'
        | 'rejectedByType'
        | 'rejectedById'
      >,
    ) => {
      const now = nowIso();
      return db
        .insertInto('offerRequests')
        .values({ ...v, approvedByType: null, approvedById: null, approvedAt: null, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** pending → done, only if still pending; true when this call made the change. */
    async markDone(id: number, approver: Pick<OfferRequestsTable, 'approvedByType' | 'approvedById' | 'approvedAt'>) {
      const res = await db
        .updateTable('offerRequests')
        .set({ ...approver, status: 'done', isAproved: 1, isActive: 0, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** pending → rejected with a reason, only if still pending; true when this call made the change. */
    async reject(id: number, reason: string, by: Actor) {
      const now = nowIso();
      const res = await db
        .updateTable('offerRequests')
        .set({
          status: 'rejected',
          isActive: 0,
          rejectReason: reason,
          rejectedAt: now,
          rejectedByType: by.type,
          rejectedById: by.id,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Takes one offer if it is active, current and not sold out; true when one was taken. */
    async takeOne(offerId: number, day: string) {
      const res = await db
        .updateTable('offers')
        .set({ availableNumberOfOffers: sql<number>`available_number_of_offers - 1`, updatedAt: nowIso() })
        .where('id', '=', offerId)
        .where('availableNumberOfOffers', '>', 0)
        .where('isActive', '=', 1)
        .where('startDate', '<=', day)
        .where('endDate', '>=', day)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    offerState: (offerId: number) =>
      db
        .selectFrom('offers')
        .select(['isActive', 'startDate', 'endDate', 'availableNumberOfOffers'])
        .where('id', '=', offerId)
        .executeTakeFirstOrThrow(),
  };
};

export type OfferRequestsRepository = ReturnType<typeof offerRequestsRepository>;
export type OfferRequestJoined = NonNullable<Awaited<ReturnType<OfferRequestsRepository['byId']>>>;
