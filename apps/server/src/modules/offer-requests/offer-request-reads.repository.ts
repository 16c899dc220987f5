/**
 * The reads of offer requests (offer-requests.repository.ts uses them): a page of a list and one
 * request, joined with the customer, branch and offer, as prepared queries built once per shape.
 */
import type { OfferRequestStatus } from '@loyalty/contract';
import { type ExpressionBuilder, type InferResult, type Kysely, sql } from 'kysely';
import type { TenantScope } from '../../core/caller';
import { isPostgres } from '../../db/dialect';
import { listedSumQuery } from '../../db/list-counts';
import { type Params, type PreparedQuery, perShape, preparedQuery } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { limitedTo } from '../../lib/paging';

/** Who a page of requests is for: a customer, a merchant, or one branch of it. */
type ListShape = {
  owner: 'user' | 'merchant' | 'branch';
  status: boolean;
  mobile: boolean;
  /** Each row carries its offer's image paths (a page of a few rows; a large page reads them apart). */
  images: boolean;
  /** Each row carries the list's count from the counters (a merchant's or branch's list, no mobile search). */
  counted: boolean;
  /** A page after the first: its ids are read first (see pageQuery). */
  deep: boolean;
  /** A first page's LIMIT written into the query (lib/paging.ts firstPageLimit), else parameters. */
  limit?: number;
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
export const filtered = (
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

const COLUMNS = [
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
  'b.branchNameAr',
  'b.address',
  'b.addressAr',
  'o.title',
  'o.titleAr',
  'o.description',
  'o.descriptionAr',
  'o.endDate',
  'o.createdAt as offerCreatedAt',
] as const;

const withColumns = (q: ReturnType<typeof rowsOf>) => q.select(COLUMNS);

/** The names of a request's columns as `oneRequest` answers them (a statement that reads it names them). */
export const ONE_REQUEST_COLUMNS = [...COLUMNS.map((c) => c.split(' as ')[1] ?? c.slice(2)), 'imagePaths'] as const;

/** A request with its customer, branch and offer, as lists and details read it. */
export type OfferRequestJoined = InferResult<ReturnType<typeof withColumns>>[number];

/**
 * The offer's image paths in their order, one per line (paths are the server's own file names), or
 * null without images: carried by the request's own row, so one request is one statement.
 */
const imagePathsOf = (db: Kysely<Database>, eb: ExpressionBuilder<Database & { o: Database['offers'] }, 'o'>) => {
  const joined = isPostgres(db)
    ? sql<string>`string_agg(${sql.ref('i.path')}, chr(10) order by ${sql.ref('i.position')})`
    : sql<string>`group_concat(${sql.ref('i.path')}, char(10) order by ${sql.ref('i.position')})`;
  return eb
    .selectFrom('offerImages as i')
    .select(joined.as('paths'))
    .whereRef('i.offerId', '=', 'o.id')
    .as('imagePaths');
};

export type OneValues = { id: number; merchantId: number; branchId: number };

/**
 * One request of a merchant or of one branch (`byBranch`), with its offer's images: the query, which
 * the approval's one statement reads first (repositories/offer-approval.ts).
 */
export const oneRequest = (db: Kysely<Database>, p: Params<OneValues>, byBranch: boolean) =>
  withColumns(rowsOf(db, { merchantId: p.merchantId, branchId: byBranch ? p.branchId : undefined }))
    .select((eb) => imagePathsOf(db, eb))
    .where('r.id', '=', p.id);

/** One request of a merchant or of one branch, with its offer's images, built once (db/prepared.ts). */
const oneOf = (byBranch: boolean) => preparedQuery((db, p: Params<OneValues>) => oneRequest(db, p, byBranch));
/** One request as oneOfMerchant/oneOfBranch read it: the list's row and its offer's image paths. */
export type OfferRequestOne = OfferRequestJoined & { imagePaths: string | null };
export const oneOfMerchant = oneOf(false);
export const oneOfBranch = oneOf(true);

/**
 * A page of requests, built once per shape (db/prepared.ts): the list runs on every visit of the
 * requests screen, and building its query cost more than running it (bench/README.md).
 */
/** A row of a page: with its offer's image paths when the shape has `images`, the list's count when `counted`. */
export type OfferRequestPageRow = OfferRequestJoined & { imagePaths?: string | null; listedTotal?: unknown };
const pageFor = perShape(
  (
    owner: ListShape['owner'],
    status: boolean,
    mobile: boolean,
    deep: boolean,
    images: boolean,
    counted: boolean,
    limit: number | undefined,
  ): PreparedQuery<ListValues, OfferRequestPageRow> => {
    const shape: ListShape = { owner, status, mobile, deep, images, counted, limit };
    return preparedQuery((db, p: Params<ListValues>) => {
      const scope =
        shape.owner === 'user'
          ? { userId: p.userId }
          : { merchantId: p.merchantId, branchId: shape.owner === 'branch' ? p.branchId : undefined };
      const f = { status: shape.status ? p.status : undefined, mobileLike: shape.mobile ? p.mobile : undefined };
      // the page's images and its list's count in the page's own statement: on PostgreSQL each
      // statement is a round trip (bench/README.md, "Our own overhead"); the count's subquery does
      // not depend on the row, so each engine runs it once
      const withExtras = (q: ReturnType<typeof withColumns>) =>
        q
          .$if(shape.images, (q) => q.select((eb) => imagePathsOf(db, eb)))
          .$if(shape.counted, (q) =>
            q.select(
              listedSumQuery(
                db,
                'offer_requests',
                { merchantId: p.merchantId, branchId: shape.owner === 'branch' ? p.branchId : undefined },
                shape.status ? p.status : undefined,
              ).as('listedTotal'),
            ),
          );
      if (!shape.deep)
        return limitedTo(
          withExtras(withColumns(rowsOf(db, scope, f)))
            .orderBy('r.createdAt', 'desc')
            .orderBy('r.id', 'desc'),
          p,
          shape.limit,
        );
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
      return withExtras(withColumns(rowsOf(db, scope, { status: f.status })))
        .where('r.id', 'in', ids)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc');
    });
  },
);
/** A page's statement, one per shape (db/prepared.ts perShape). */
export const pageQuery = (s: ListShape) => pageFor(s.owner, s.status, s.mobile, s.deep, s.images, s.counted, s.limit);
