import type { Insertable, Kysely, Updateable } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, OffersTable } from '../../db/schema';
import type { Page } from '../../lib/paging';

/** Which offers a caller may see: the merchant's own, and when `branchId` is set only those that branch carries. */
export interface OfferScope {
  merchantId: number;
  branchId?: number;
}

/** Offers with their branches, tags and images. Every query is scoped to one merchant. */
export const offersRepository = (db: Kysely<Database>) => {
  const scoped = (scope: OfferScope) => {
    let q = db.selectFrom('offers').where('offers.merchantId', '=', scope.merchantId);
    if (scope.branchId !== undefined) {
      const branchId = scope.branchId;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('offerBranches')
            .select('offerBranches.offerId')
            .whereRef('offerBranches.offerId', '=', 'offers.id')
            .where('offerBranches.branchId', '=', branchId),
        ),
      );
    }
    return q;
  };

  /** Replaces the offer's branches and/or tags (call inside the service's transaction). */
  const setLinks = async (offerId: number, branchIds?: number[], tagIds?: number[]) => {
    if (branchIds) {
      await db.deleteFrom('offerBranches').where('offerId', '=', offerId).execute();
      await db
        .insertInto('offerBranches')
        .values(branchIds.map((branchId) => ({ offerId, branchId })))
        .execute();
    }
    if (tagIds) {
      await db.deleteFrom('offerTags').where('offerId', '=', offerId).execute();
      await db
        .insertInto('offerTags')
        .values(tagIds.map((tagId) => ({ offerId, tagId })))
        .execute();
    }
  };

  return {
    async list(scope: OfferScope, page: Page) {
      const rows = await scoped(scope)
        .selectAll('offers')
        .orderBy('offers.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const { n } = await scoped(scope)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, count: Number(n) };
    },

    byId: (scope: OfferScope, id: number) =>
      scoped(scope).selectAll('offers').where('offers.id', '=', id).executeTakeFirst(),

    /** Branches, tags and images of several offers in three queries. */
    async relations(offerIds: number[]) {
      if (offerIds.length === 0) return { branches: [], tags: [], images: [] };
      const branches = await db
        .selectFrom('offerBranches as ob')
        .innerJoin('branches as b', 'b.id', 'ob.branchId')
        .select(['ob.offerId', 'b.id', 'b.branchName', 'b.address', 'b.addressAr'])
        .where('ob.offerId', 'in', offerIds)
        .orderBy('b.createdAt')
        .orderBy('b.id')
        .execute();
      const tags = await db
        .selectFrom('offerTags as ot')
        .innerJoin('tags as t', 't.id', 'ot.tagId')
        .select(['ot.offerId', 't.id', 't.name'])
        .where('ot.offerId', 'in', offerIds)
        .orderBy('t.name')
        .execute();
      const images = await db
        .selectFrom('offerImages')
        .select(['offerId', 'path', 'position'])
        .where('offerId', 'in', offerIds)
        .orderBy('position')
        .execute();
      return { branches, tags, images };
    },

    insert: async (values: Omit<Insertable<OffersTable>, 'createdAt' | 'updatedAt'>) => {
      const now = nowIso();
      const row = await db
        .insertInto('offers')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    setLinks,

    update: (merchantId: number, id: number, patch: Updateable<OffersTable>) =>
      db
        .updateTable('offers')
        .set({ ...patch, updatedAt: nowIso() })
        .where('merchantId', '=', merchantId)
        .where('id', '=', id)
        .execute(),

    imagePositions: async (offerId: number) =>
      (await db.selectFrom('offerImages').select('position').where('offerId', '=', offerId).execute()).map(
        (r) => r.position,
      ),

    /** Inserts images at the given positions; the unique (offer, position) pair refuses a taken one. */
    insertImages: async (offerId: number, images: { path: string; position: number }[]) => {
      const now = nowIso();
      await db
        .insertInto('offerImages')
        .values(images.map((i) => ({ offerId, path: i.path, position: i.position, createdAt: now })))
        .execute();
    },

    /** The offer's requests with their customer and branch; staff see their branch's only. */
    requests: (offerId: number, branchId?: number) => {
      let q = db
        .selectFrom('offerRequests as r')
        .innerJoin('customers as c', 'c.id', 'r.userId')
        .innerJoin('branches as b', 'b.id', 'r.branchId')
        .select([
          'r.id',
          'r.offerId',
          'r.merchantId',
          'r.priceCents',
          'r.points',
          'r.isAproved',
          'r.isActive',
          'r.status',
          'r.code',
          'r.rejectReason',
          'r.rejectedAt',
          'r.payWith',
          'r.createdAt',
          'r.updatedAt',
          'r.userId',
          'c.name as userName',
          'c.mobile as userMobile',
          'r.branchId',
          'b.branchName',
          'b.address',
          'b.addressAr',
        ])
        .where('r.offerId', '=', offerId);
      if (branchId !== undefined) q = q.where('r.branchId', '=', branchId);
      return q.orderBy('r.id', 'desc').limit(1000).execute();
    },

    /** The customers who requested the offer, with how many requests each. */
    async users(offerId: number, page: Page) {
      const rows = await db
        .selectFrom('offerRequests as r')
        .innerJoin('customers as c', 'c.id', 'r.userId')
        .select(['c.id', 'c.name', 'c.mobile', (eb) => eb.fn.countAll<number>().as('requestsCount')])
        .where('r.offerId', '=', offerId)
        .groupBy(['c.id', 'c.name', 'c.mobile'])
        .orderBy('c.name')
        .orderBy('c.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const { n } = await db
        .selectFrom('offerRequests')
        .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
        .where('offerId', '=', offerId)
        .executeTakeFirstOrThrow();
      return { rows: rows.map((r) => ({ ...r, requestsCount: Number(r.requestsCount) })), count: Number(n) };
    },
  };
};

export type OffersRepository = ReturnType<typeof offersRepository>;
