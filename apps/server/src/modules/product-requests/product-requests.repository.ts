import { clock } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import type { Database, ProductRequestsTable, UserAddressesTable } from '../../db/schema';
import { productRequestAccept } from './product-request-accept.repository';
import { productRequestStates } from './product-request-states.repository';
import { productRequestTracking } from './product-request-tracking.repository';

/**
 * Whose product requests a query reaches: a merchant's (every branch), a staff member's branch
 * (`branchId` a number; null: none), or a courier's own assignments (`employeeId`).
 */
export interface RequestScope {
  merchantId: number;
  branchId?: number | null;
  employeeId?: number;
}

export interface RequestFilter {
  type?: 'pickup' | 'delivery';
  isCanceled?: boolean;
  status?: ProductRequestsTable['status'];
  /** New requests waiting to be accepted, oldest first. */
  toAccept?: boolean;
  /** Pending deliveries no courier is assigned to, oldest first. */
  noCourier?: boolean;
}

type NewRequest = Omit<
  ProductRequestsTable,
  | 'id'
  | 'deliveryPin'
  | 'pinTries'
  | 'createdAt'
  | 'updatedAt'
  | 'status'
  | 'isCanceled'
  | 'isRefund'
  | 'refundReason'
  | 'refundComment'
  | 'deliveryStatus'
  | 'employeeId'
  | 'assignedAt'
  | 'doneAt'
  | 'doneByType'
  | 'doneById'
  | 'canceledAt'
  | 'refundRequestedAt'
  | 'refundedAt'
  | 'refundedByType'
  | 'refundedById'
  | 'rejectReason'
  | 'rejectedAt'
  | 'rejectedByType'
  | 'rejectedById'
  | 'acceptedAt'
  | 'acceptedByType'
  | 'acceptedById'
  | 'prepMinutes'
  | 'readyBy'
  | 'readyAt'
  | 'readyByType'
  | 'readyById'
  | 'cancelReason'
  | 'acceptRemindedAt'
  | 'deliveryStartedAt'
  | 'courierLat'
  | 'courierLng'
  | 'courierAccuracy'
  | 'courierPositionAt'
  | 'trackToken'
>;

const OPEN_DELIVERY = ['pending', 'inProgress'] as const;

/** The only SQL of product requests and addresses (stock: products.repository; settlements: settlements.repository). `db` may be a transaction. */
export const productRequestsRepository = (db: Kysely<Database>) => {
  const scoped = (scope: RequestScope, f: RequestFilter = {}) =>
    db
      .selectFrom('productRequests as r')
      .where('r.merchantId', '=', scope.merchantId)
      .$if(scope.branchId !== undefined, (q) => q.where('r.branchId', '=', scope.branchId ?? -1))
      .$if(scope.employeeId !== undefined, (q) => q.where('r.employeeId', '=', scope.employeeId!))
      .$if(f.type !== undefined, (q) => q.where('r.type', '=', f.type!))
      .$if(f.isCanceled !== undefined, (q) => q.where('r.isCanceled', '=', f.isCanceled ? 1 : 0))
      .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!))
      .$if(f.toAccept === true, (q) => q.where('r.status', '=', 'pending').where('r.acceptedAt', 'is', null))
      .$if(f.noCourier === true, (q) =>
        q.where('r.type', '=', 'delivery').where('r.status', '=', 'pending').where('r.employeeId', 'is', null),
      );

  const joined = (q: ReturnType<typeof scoped>) =>
    q
      .innerJoin('products as p', 'p.id', 'r.productId')
      .innerJoin('branches as b', 'b.id', 'r.branchId')
      .innerJoin('customers as c', 'c.id', 'r.userId')
      .leftJoin('userAddresses as a', 'a.id', 'r.addressId')
      .leftJoin('merchantUsers as e', 'e.id', 'r.employeeId')
      .innerJoin('merchants as m', 'm.id', 'r.merchantId')
      .selectAll('r')
      .select([
        'm.acceptWithinMinutes as merchantAcceptWithin',
        'p.name as productName',
        'p.nameAr as productNameAr',
        'p.image as productImage',
        'p.deliveryAvailability as productDeliveryAvailability',
        'b.branchName',
        'b.branchNameAr',
        'b.address as branchAddress',
        'b.addressAr as branchAddressAr',
        'b.phone as branchPhone',
        'c.name as userName',
        'c.mobile as userMobile',
        'a.address1',
        'a.address2',
        'a.area',
        'a.city',
        'a.lat as addressLat',
        'a.long as addressLong',
        'e.fName as courierFirst',
        'e.mName as courierMiddle',
        'e.lName as courierLast',
        'e.mobileNum as courierMobile',
      ]);

  const stamp = () => clock.nowIso();

  return {
    async list(scope: RequestScope, f: RequestFilter, page: { limit: number; offset: number }) {
      const total = await scoped(scope, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const order = f.toAccept || f.noCourier ? 'asc' : 'desc';
      const rows = await joined(scoped(scope, f))
        .orderBy('r.createdAt', order)
        .orderBy('r.id', order)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(total.n) };
    },

    byId: (scope: RequestScope, id: number) => joined(scoped(scope)).where('r.id', '=', id).executeTakeFirst(),

    /** A customer's own requests (any merchant), newest first. */
    async listOfCustomer(userId: number, f: RequestFilter, page: { limit: number; offset: number }) {
      const mine = () =>
        db
          .selectFrom('productRequests as r')
          .where('r.userId', '=', userId)
          .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!));
      const total = await mine()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await joined(mine())
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(total.n) };
    },

    /** A customer's own request (any merchant). */
    ofCustomer: (userId: number, id: number) =>
      db.selectFrom('productRequests').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst(),

    /** A courier's open assignments (not canceled, not delivered), oldest first. */
    openDeliveries: (merchantId: number, employeeId: number) =>
      joined(scoped({ merchantId, employeeId }, { status: 'pending' }))
        .where('r.deliveryStatus', 'in', OPEN_DELIVERY)
        .orderBy('r.createdAt', 'asc')
        .orderBy('r.id', 'asc')
        .execute(),

    async countOpenDeliveries(merchantId: number, employeeId: number) {
      const row = await scoped({ merchantId, employeeId }, { status: 'pending' })
        .where('r.deliveryStatus', 'in', OPEN_DELIVERY)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every request assigned to a courier, newest first (the merchant's Employee Info tab). */
    assignedTo: (merchantId: number, employeeId: number, limit: number) =>
      joined(scoped({ merchantId, employeeId }))
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute(),

    // ordering

    productForOrder: (productId: number) =>
      db
        .selectFrom('products as p')
        .innerJoin('merchants as m', 'm.id', 'p.merchantId')
        .select([
          'p.id',
          'p.merchantId',
          'p.priceCents',
          'p.points',
          'p.stockAmount',
          'p.deliveryAvailability',
          'p.isActive',
          'm.status as merchantStatus',
          'm.isLive as merchantIsLive',
        ])
        .where('p.id', '=', productId)
        .executeTakeFirst(),

    /** The merchant's refund period in days (null: not set). */
    merchantRefundPeriod: async (merchantId: number) =>
      (await db.selectFrom('merchants').select('refundPeriod').where('id', '=', merchantId).executeTakeFirst())
        ?.refundPeriod ?? null,

    branch: (branchId: number) =>
      db
        .selectFrom('branches')
        .select(['id', 'merchantId', 'isActive', 'pausedUntil', 'openingHours'])
        .where('id', '=', branchId)
        .executeTakeFirst(),

    address: (userId: number, id: number) =>
      db.selectFrom('userAddresses').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst(),

    addressesOf: (userId: number) =>
      db.selectFrom('userAddresses').selectAll().where('userId', '=', userId).orderBy('id').execute(),

    insertAddress: (v: Omit<UserAddressesTable, 'id' | 'createdAt'>) =>
      db
        .insertInto('userAddresses')
        .values({ ...v, createdAt: stamp() })
        .returningAll()
        .executeTakeFirstOrThrow(),

    customerBalance: async (userId: number) =>
      (await db.selectFrom('customers').select('balance').where('id', '=', userId).executeTakeFirst())?.balance ?? 0,

    insert: async (v: NewRequest) => {
      const now = stamp();
      return (
        await db
          .insertInto('productRequests')
          .values({
            ...v,
            status: 'pending',
            isCanceled: 0,
            isRefund: 0,
            refundReason: null,
            refundComment: null,
            deliveryStatus: null,
            employeeId: null,
            assignedAt: null,
            deliveryPin: null,
            pinTries: 0,
            doneAt: null,
            doneByType: null,
            doneById: null,
            canceledAt: null,
            refundRequestedAt: null,
            refundedAt: null,
            refundedByType: null,
            refundedById: null,
            rejectReason: null,
            rejectedAt: null,
            rejectedByType: null,
            rejectedById: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },

    // state changes: each is conditional on the state it leaves (product-request-states.repository.ts)
    ...productRequestStates(db),
    ...productRequestAccept(db),
    ...productRequestTracking(db),

    // couriers

    employee: (merchantId: number, id: number) =>
      db
        .selectFrom('merchantUsers')
        .select(['id', 'rule', 'isActive', 'branchId'])
        .where('id', '=', id)
        .where('merchantId', '=', merchantId)
        .executeTakeFirst(),
  };
};

export type ProductRequestsRepository = ReturnType<typeof productRequestsRepository>;
export type ProductRequestJoined = NonNullable<Awaited<ReturnType<ProductRequestsRepository['byId']>>>;
