import type { OfferRequestStatus } from '@loyalty/contract';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { Actor, TenantScope } from '../../core/caller';
import { nowIso } from '../../db/dialect';
import { countListed } from '../../db/list-counts';
import { inIds, type Params, preparedQuery } from '../../db/prepared';
import type { Database, OfferRequestsTable } from '../../db/schema';
import { firstPageLimit, withListedCount } from '../../lib/paging';
import { filtered, oneOfBranch, oneOfMerchant, pageQuery } from './offer-request-reads.repository';

export type { OfferRequestJoined, OfferRequestOne, OfferRequestPageRow } from './offer-request-reads.repository';

const offerImages = preparedQuery((db, p: Params<{ ids: number[] }>) =>
  db
    .selectFrom('offerImages')
    .select(['offerId', 'path'])
    .where(inIds(db, 'offerId', p.ids))
    .orderBy('offerId')
    .orderBy('position'),
);

/** A page of up to this many rows carries its offers' image paths; a larger one reads them in one more statement. */
const INLINE_IMAGES = 100;

/** What marking a request done sets; `markDone` below and the approval's one statement share it. */
export type MarkDoneValues = Pick<
  OfferRequestsTable,
  'approvedByType' | 'approvedById' | 'approvedAt' | 'updatedAt'
> & {
  id: number;
};

/**
 * pending → done, only if still pending: the update as a builder over any query creator, so that
 * repositories/offer-approval.ts can put it in a WITH beside the offer's stock (this module stays
 * the table's only writer: docs/decisions/0022).
 */
export const markDoneUpdate = (qc: QueryCreator<Database>, p: Params<MarkDoneValues>) =>
  qc
    .updateTable('offerRequests')
    .set({
      approvedByType: p.approvedByType,
      approvedById: p.approvedById,
      approvedAt: p.approvedAt,
      status: sql.lit('done'),
      isAproved: sql.lit(1),
      isActive: sql.lit(0),
      updatedAt: p.updatedAt,
    })
    .where('id', '=', p.id)
    .where('status', '=', sql.lit('pending'));

const markDone = preparedQuery((db, p: Params<MarkDoneValues>) => markDoneUpdate(db, p));

/** The only SQL of offer requests. `db` may be a transaction. */
export const offerRequestsRepository = (db: Kysely<Database>) => {
  return {
    async list(
      scope: TenantScope | { userId: number },
      f: { status?: OfferRequestStatus; mobile?: string; limit: number; offset: number },
    ) {
      if ('merchantId' in scope && scope.branchId === null) return { rows: [], count: 0 };
      const owner = 'userId' in scope ? 'user' : scope.branchId === undefined ? 'merchant' : 'branch';
      // a merchant's (or branch's) count comes from the counters the triggers keep, read by the
      // page's own statement; a customer's few requests and a mobile search are counted on the rows
      const counted = 'merchantId' in scope && f.mobile === undefined;
      const mobileLike = f.mobile === undefined ? undefined : `%${f.mobile}%`;
      const page = await pageQuery({
        owner,
        status: f.status !== undefined,
        mobile: f.mobile !== undefined,
        deep: f.offset > 0,
        images: f.limit <= INLINE_IMAGES,
        counted,
        // a mobile search keeps its LIMIT a parameter: planned with its pattern each time
        limit: f.mobile === undefined ? firstPageLimit(f) : undefined,
      }).all(db, {
        userId: 'userId' in scope ? scope.userId : 0,
        merchantId: 'merchantId' in scope ? scope.merchantId : 0,
        branchId: 'merchantId' in scope ? (scope.branchId ?? 0) : 0,
        status: f.status ?? 'pending',
        mobile: mobileLike ?? '',
        limit: f.limit,
        offset: f.offset,
      });
      if (counted) return withListedCount(page, f, () => countListed(db, 'offer_requests', scope, f.status));
      const n = await filtered(db, scope, { status: f.status, mobileLike })
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows: page, count: Number(n.n) };
    },

    byId: (scope: TenantScope, id: number) => {
      if (scope.branchId === null) return Promise.resolve(undefined);
      const q = scope.branchId === undefined ? oneOfMerchant : oneOfBranch;
      return q.first(db, { id, merchantId: scope.merchantId, branchId: scope.branchId ?? 0 });
    },

    /** Image paths of each offer, in their order (rows of a page that carry them need no statement). */
    async imagesOf(rows: { offerId: number; imagePaths?: string | null }[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      const missing: number[] = [];
      for (const r of rows) {
        if (r.imagePaths === undefined) missing.push(r.offerId);
        else if (r.imagePaths !== null) out.set(r.offerId, r.imagePaths.split('\n'));
      }
      if (missing.length === 0) return out;
      for (const i of await offerImages.all(db, { ids: [...new Set(missing)] })) {
        const list = out.get(i.offerId);
        if (list) list.push(i.path);
        else out.set(i.offerId, [i.path]);
      }
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
        .select(['b.id', 'b.isActive', 'b.pausedUntil', 'b.openingHours'])
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

    /** pending → done, only if still pending; the time it wrote when this call made the change, else null. */
    async markDone(id: number, approver: Pick<OfferRequestsTable, 'approvedByType' | 'approvedById' | 'approvedAt'>) {
      const updatedAt = nowIso();
      return (await markDone.run(db, { id, ...approver, updatedAt })) === 1 ? updatedAt : null;
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

    offerState: (offerId: number) =>
      db
        .selectFrom('offers')
        .select(['isActive', 'startDate', 'endDate', 'availableNumberOfOffers'])
        .where('id', '=', offerId)
        .executeTakeFirstOrThrow(),
  };
};

export type OfferRequestsRepository = ReturnType<typeof offerRequestsRepository>;
