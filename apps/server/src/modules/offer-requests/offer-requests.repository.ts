import type { OfferRequestStatus } from '@loyalty/contract';
import { type InferResult, type Kysely, sql } from 'kysely';
import type { Actor, TenantScope } from '../../core/caller';
import { nowIso } from '../../db/dialect';
import { countListed } from '../../db/list-counts';
import { inIds, type Params, type PreparedQuery, preparedQuery } from '../../db/prepared';
import type { Database, OfferRequestsTable } from '../../db/schema';

const offerImages = preparedQuery((db, p: Params<{ ids: number[] }>) =>
  db
    .selectFrom('offerImages')
    .select(['offerId', 'path'])
    .where(inIds(db, 'offerId', p.ids))
    .orderBy('offerId')
    .orderBy('position'),
);

const markDone = preparedQuery(
  (
    db,
    p: Params<
      Pick<OfferRequestsTable, 'approvedByType' | 'approvedById' | 'approvedAt' | 'updatedAt'> & { id: number }
    >,
  ) =>
    db
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
      .where('status', '=', sql.lit('pending')),
);

const takeOne = preparedQuery((db, p: Params<{ offerId: number; day: string; updatedAt: string }>) =>
  db
    .updateTable('offers')
    .set({ availableNumberOfOffers: sql<number>`available_number_of_offers - 1`, updatedAt: p.updatedAt })
    .where('id', '=', p.offerId)
    .where('availableNumberOfOffers', '>', sql.lit(0))
    .where('isActive', '=', sql.lit(1))
    .where('startDate', '<=', p.day)
    .where('endDate', '>=', p.day),
);

/** Who a page of requests is for: a customer, a merchant, or one branch of it. */
type ListShape = {
  owner: 'user' | 'merchant' | 'branch';
  status: boolean;
  mobile: boolean;
  /** A page after the first: its ids are read first (see pageQuery). */
  deep: boolean;
};
type ListValues = {
  userId: number;
  merchantId: number;
  branchId: number;
  status: OfferRequestStatus;
  mobile: string;
  limit: number;
  offset: number;
};

/**
 * A merchant's (or branch's) requests, or with `userId` a customer's own, on the requests alone.
 * `mobileLike`: a LIKE pattern on the customer's mobile (`%digits%`), through the customers' ids.
 * The joined customer, branch and offer always exist (NOT NULL foreign keys), so a count and a
 * page's ids need no join and read only the requests' list indexes (bench/README.md, "Profile").
 */
const filtered = (
  db: Kysely<Database>,
  scope: TenantScope | { userId: number },
  f: { status?: OfferRequestStatus; mobileLike?: string } = {},
) =>
  db
    .selectFrom('offerRequests as r')
    .$if('userId' in scope, (q) => q.where('r.userId', '=', (scope as { userId: number }).userId))
    .$if('merchantId' in scope, (q) => q.where('r.merchantId', '=', (scope as TenantScope).merchantId))
    .$if('merchantId' in scope && (scope as TenantScope).branchId !== undefined, (q) =>
      q.where('r.branchId', '=', (scope as TenantScope).branchId ?? -1),
    )
    .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!))
    .$if(f.mobileLike !== undefined, (q) =>
      q.where('r.userId', 'in', db.selectFrom('customers').select('id').where('mobile', 'like', f.mobileLike!)),
    );

/** The same requests with their customer, branch and offer (a mobile search on the joined customer). */
const rowsOf = (
  db: Kysely<Database>,
  scope: TenantScope | { userId: number },
  f: { status?: OfferRequestStatus; mobileLike?: string } = {},
) =>
  filtered(db, scope, { status: f.status })
    .innerJoin('customers as c', 'c.id', 'r.userId')
    .innerJoin('branches as b', 'b.id', 'r.branchId')
    .innerJoin('offers as o', 'o.id', 'r.offerId')
    .$if(f.mobileLike !== undefined, (q) => q.where('c.mobile', 'like', f.mobileLike!));

const withColumns = (q: ReturnType<typeof rowsOf>) =>
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

/** A request with its customer, branch and offer, as lists and details read it. */
export type OfferRequestJoined = InferResult<ReturnType<typeof withColumns>>[number];

/** One request of a merchant or of one branch, built once (db/prepared.ts). */
const oneOf = (byBranch: boolean) =>
  preparedQuery((db, p: Params<{ id: number; merchantId: number; branchId: number }>) =>
    withColumns(rowsOf(db, { merchantId: p.merchantId, branchId: byBranch ? p.branchId : undefined })).where(
      'r.id',
      '=',
      p.id,
    ),
  );
const oneOfMerchant = oneOf(false);
const oneOfBranch = oneOf(true);

/**
 * A page of requests, built once per shape (db/prepared.ts): the list runs on every visit of the
 * requests screen, and building its query cost more than running it (bench/README.md).
 */
const pages = new Map<string, PreparedQuery<ListValues, OfferRequestJoined>>();
const pageQuery = (shape: ListShape) => {
  const key = `${shape.owner}:${shape.status}:${shape.mobile}:${shape.deep}`;
  let q = pages.get(key);
  if (!q) {
    q = preparedQuery((db, p: Params<ListValues>) => {
      const scope =
        shape.owner === 'user'
          ? { userId: p.userId }
          : { merchantId: p.merchantId, branchId: shape.owner === 'branch' ? p.branchId : undefined };
      const f = { status: shape.status ? p.status : undefined, mobileLike: shape.mobile ? p.mobile : undefined };
      if (!shape.deep)
        return withColumns(rowsOf(db, scope, f))
          .orderBy('r.createdAt', 'desc')
          .orderBy('r.id', 'desc')
          .limit(p.limit)
          .offset(p.offset);
      // a later page: its ids first, from the list index alone, then the joins for those rows only;
      // joined directly, page 50 joined 500 rows to skip 490 (at 1M requests, PostgreSQL: 8 → 0.6 ms,
      // SQLite: 0.5 → 0.07 ms). The first page stays joined directly: its ids are the first rows
      // read anyway, and the extra step costs SQLite ~10 µs
      const ids = filtered(db, scope, f)
        .select('r.id')
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(p.limit)
        .offset(p.offset);
      return withColumns(rowsOf(db, scope, { status: f.status }))
        .where('r.id', 'in', ids)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc');
    });
    pages.set(key, q);
  }
  return q;
};

/** The only SQL of offer requests. `db` may be a transaction. */
export const offerRequestsRepository = (db: Kysely<Database>) => {
  return {
    async list(
      scope: TenantScope | { userId: number },
      f: { status?: OfferRequestStatus; mobile?: string; limit: number; offset: number },
    ) {
      if ('merchantId' in scope && scope.branchId === null) return { rows: [], count: 0 };
      const owner = 'userId' in scope ? 'user' : scope.branchId === undefined ? 'merchant' : 'branch';
      const page = await pageQuery({
        owner,
        status: f.status !== undefined,
        mobile: f.mobile !== undefined,
        deep: f.offset > 0,
      }).all(db, {
        userId: 'userId' in scope ? scope.userId : 0,
        merchantId: 'merchantId' in scope ? scope.merchantId : 0,
        branchId: 'merchantId' in scope ? (scope.branchId ?? 0) : 0,
        status: f.status ?? 'pending',
        mobile: f.mobile !== undefined ? `%${f.mobile}%` : '',
        limit: f.limit,
        offset: f.offset,
      });
      // a merchant's (or branch's) count comes from the counters the triggers keep; a customer's
      // few requests and a mobile search are counted on the rows themselves
      const count =
        'merchantId' in scope && f.mobile === undefined
          ? await countListed(db, 'offer_requests', scope, f.status)
          : Number(
              (
                await filtered(db, scope, {
                  status: f.status,
                  mobileLike: f.mobile === undefined ? undefined : `%${f.mobile}%`,
                })
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            );
      return { rows: page, count };
    },

    byId: (scope: TenantScope, id: number) => {
      if (scope.branchId === null) return Promise.resolve(undefined);
      const q = scope.branchId === undefined ? oneOfMerchant : oneOfBranch;
      return q.first(db, { id, merchantId: scope.merchantId, branchId: scope.branchId ?? 0 });
    },

    /** Image paths of each offer, in their order. */
    async imagesOf(offerIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (offerIds.length === 0) return out;
      for (const i of await offerImages.all(db, { ids: [...new Set(offerIds)] })) {
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
      return (await markDone.run(db, { id, ...approver, updatedAt: nowIso() })) === 1;
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
      return (await takeOne.run(db, { offerId, day, updatedAt: nowIso() })) === 1;
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
