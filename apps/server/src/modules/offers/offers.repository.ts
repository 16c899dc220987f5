import { type Insertable, type Kysely, type QueryCreator, sql, type Updateable } from 'kysely';
import { nowIso } from '../../db/dialect';
import { countListed, listedSumQuery } from '../../db/list-counts';
import { inIds, type Params, perShape, preparedQuery } from '../../db/prepared';
import { type Database, OFFER_COLUMNS, type OffersTable } from '../../db/schema';
import { firstPageLimit, limitedTo, type Page, withListedCount } from '../../lib/paging';

/** Which offers a caller may see: the merchant's own, and when `branchId` is set only those that branch carries. */
export interface OfferScope {
  merchantId: number;
  branchId?: number;
}

/** A merchant's offers, or those one branch of it carries. */
const scopedOffers = (db: Kysely<Database>, merchantId: number, branchId?: number) => {
  const q = db.selectFrom('offers').where('offers.merchantId', '=', merchantId);
  return branchId === undefined
    ? q
    : q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('offerBranches')
            .select('offerBranches.offerId')
            .whereRef('offerBranches.offerId', '=', 'offers.id')
            .where('offerBranches.branchId', '=', branchId),
        ),
      );
};

type PageValues = { merchantId: number; branchId: number; limit: number; offset: number };
/** The list's page, built once (db/prepared.ts) per scope and first page's LIMIT (lib/paging.ts firstPageLimit). */
const pageOf = perShape((byBranch: boolean, limit: number | undefined) =>
  preparedQuery((db, p: Params<PageValues>) =>
    limitedTo(
      scopedOffers(db, p.merchantId, byBranch ? p.branchId : undefined)
        .select(OFFER_COLUMNS.map((c) => `offers.${c}` as const))
        // with the list's count from the counters (migrations/0013-offer-counts.ts; lib/paging.ts)
        .select(
          byBranch
            ? listedSumQuery(db, 'offer_branches', { merchantId: p.merchantId, branchId: p.branchId }).as('listedTotal')
            : listedSumQuery(db, 'offers', { merchantId: p.merchantId }).as('listedTotal'),
        )
        .orderBy('offers.id', 'desc'),
      p,
      limit,
    ),
  ),
);

/**
 * The branches, tags and images of several offers in ONE query (a round trip less twice over on
 * PostgreSQL), each kind in its order: branches oldest first, tags by name, images by position.
 */
const relationsOf = preparedQuery((db, p: Params<{ ids: number[] }>) =>
  db
    .selectFrom('offerBranches as ob')
    .innerJoin('branches as b', 'b.id', 'ob.branchId')
    .select([
      sql<RelationKind>`'branch'`.as('kind'),
      'ob.offerId',
      sql<number | null>`b.id`.as('id'),
      'b.branchName as name',
      sql<string | null>`b.branch_name_ar`.as('nameAr'),
      sql<string | null>`b.address`.as('address'),
      sql<string | null>`b.address_ar`.as('addressAr'),
      sql<string | null>`b.created_at`.as('sortText'),
      sql<number>`0`.as('position'),
    ])
    .where(inIds(db, 'ob.offerId', p.ids))
    .unionAll((eb) =>
      eb
        .selectFrom('offerTags as ot')
        .innerJoin('tags as t', 't.id', 'ot.tagId')
        .select([
          sql<RelationKind>`'tag'`.as('kind'),
          'ot.offerId',
          't.id',
          't.name',
          sql<string | null>`cast(null as text)`.as('nameAr'),
          sql<string | null>`cast(null as text)`.as('address'),
          sql<string | null>`cast(null as text)`.as('addressAr'),
          't.name as sortText',
          sql<number>`0`.as('position'),
        ])
        .where(inIds(db, 'ot.offerId', p.ids)),
    )
    .unionAll((eb) =>
      eb
        .selectFrom('offerImages as i')
        .select([
          sql<RelationKind>`'image'`.as('kind'),
          'i.offerId',
          sql<number | null>`cast(null as integer)`.as('id'),
          'i.path as name',
          sql<string | null>`cast(null as text)`.as('nameAr'),
          sql<string | null>`cast(null as text)`.as('address'),
          sql<string | null>`cast(null as text)`.as('addressAr'),
          sql<string | null>`cast(null as text)`.as('sortText'),
          'i.position',
        ])
        .where(inIds(db, 'i.offerId', p.ids)),
    )
    .orderBy('kind')
    .orderBy('sortText')
    .orderBy('position')
    .orderBy('id'),
);

type RelationKind = 'branch' | 'tag' | 'image';

/** What taking one offer needs; `takeOne` below and the approval's one statement share it. */
export type TakeOneValues = { offerId: number; day: string; updatedAt: string };

/**
 * One offer taken if it is active, current on `day` and not sold out: the update as a builder over
 * any query creator, so that repositories/offer-approval.ts can put it in a WITH beside the request's
 * change (this module stays the table's only writer: docs/decisions/0022).
 */
export const takeOneUpdate = (qc: QueryCreator<Database>, p: Params<TakeOneValues>) =>
  qc
    .updateTable('offers')
    .set({ availableNumberOfOffers: sql<number>`available_number_of_offers - 1`, updatedAt: p.updatedAt })
    .where('id', '=', p.offerId)
    .where('availableNumberOfOffers', '>', sql.lit(0))
    .where('isActive', '=', sql.lit(1))
    .where('startDate', '<=', p.day)
    .where('endDate', '>=', p.day);

const takeOne = preparedQuery((db, p: Params<TakeOneValues>) => takeOneUpdate(db, p));

/** What an offer shows of its branches, tags and images, per offer id. */
export interface OfferRelations {
  branches: Map<
    number,
    { id: number; branchName: string; branchNameAr: string | null; address: string; addressAr: string | null }[]
  >;
  tags: Map<number, { id: number; name: string }[]>;
  images: Map<number, string[]>;
}

const push = <T>(map: Map<number, T[]>, key: number, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Offers with their branches, tags and images. Every query is scoped to one merchant. */
export const offersRepository = (db: Kysely<Database>) => {
  const scoped = (scope: OfferScope) => scopedOffers(db, scope.merchantId, scope.branchId);

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
      const q = pageOf(scope.branchId !== undefined, firstPageLimit(page));
      const values = { merchantId: scope.merchantId, branchId: scope.branchId ?? 0 };
      const found = await q.all(db, { ...values, limit: page.limit, offset: page.offset });
      return withListedCount(found, page, () =>
        countListed(db, scope.branchId === undefined ? 'offers' : 'offer_branches', scope),
      );
    },

    byId: (scope: OfferScope, id: number) =>
      scoped(scope).selectAll('offers').where('offers.id', '=', id).executeTakeFirst(),

    /** Branches, tags and images of several offers, per offer. */
    async relations(offerIds: number[]): Promise<OfferRelations> {
      const rel: OfferRelations = { branches: new Map(), tags: new Map(), images: new Map() };
      if (offerIds.length === 0) return rel;
      for (const r of await relationsOf.all(db, { ids: offerIds })) {
        if (r.kind === 'branch')
          push(rel.branches, r.offerId, {
            id: r.id as number,
            branchName: r.name,
            branchNameAr: r.nameAr,
            address: r.address as string,
            addressAr: r.addressAr,
          });
        else if (r.kind === 'tag') push(rel.tags, r.offerId, { id: r.id as number, name: r.name });
        else push(rel.images, r.offerId, r.name);
      }
      return rel;
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
          'b.branchNameAr',
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

    // stock, written only by an approved offer request (repositories/offer-approval.ts)

    /** Takes one offer if it is active, current and not sold out; true when one was taken. */
    async takeOne(offerId: number, day: string) {
      return (await takeOne.run(db, { offerId, day, updatedAt: nowIso() })) === 1;
    },
  };
};

export type OffersRepository = ReturnType<typeof offersRepository>;
