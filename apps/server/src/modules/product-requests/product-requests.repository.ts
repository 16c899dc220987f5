import { clock } from '@loyalty/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, ProductRequestsTable, SubjectType, UserAddressesTable } from '../../db/schema';

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
}

type NewRequest = Omit<
  ProductRequestsTable,
  | 'id'
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
>;

const OPEN_DELIVERY = ['pending', 'inProgress'] as const;

/** The only SQL of product requests, addresses, their stock moves and their settlements. `db` may be a transaction. */
export const productRequestsRepository = (db: Kysely<Database>) => {
  const scoped = (scope: RequestScope, f: RequestFilter = {}) =>
    db
      .selectFrom('productRequests as r')
      .where('r.merchantId', '=', scope.merchantId)
      .$if(scope.branchId !== undefined, (q) => q.where('r.branchId', '=', scope.branchId ?? -1))
      .$if(scope.employeeId !== undefined, (q) => q.where('r.employeeId', '=', scope.employeeId!))
      .$if(f.type !== undefined, (q) => q.where('r.type', '=', f.type!))
      .$if(f.isCanceled !== undefined, (q) => q.where('r.isCanceled', '=', f.isCanceled ? 1 : 0))
      .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!));

  const joined = (q: ReturnType<typeof scoped>) =>
    q
      .innerJoin('products as p', 'p.id', 'r.productId')
      .innerJoin('branches as b', 'b.id', 'r.branchId')
      .innerJoin('customers as c', 'c.id', 'r.userId')
      .leftJoin('userAddresses as a', 'a.id', 'r.addressId')
      .leftJoin('merchantUsers as e', 'e.id', 'r.employeeId')
      .selectAll('r')
      .select([
        'p.name as productName',
        'p.nameAr as productNameAr',
        'p.image as productImage',
        'b.branchName',
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
      const rows = await joined(scoped(scope, f))
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
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
      db.selectFrom('branches').select(['id', 'merchantId', 'isActive']).where('id', '=', branchId).executeTakeFirst(),

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

    /** Takes one from the stock if there is any; true when one was taken. */
    async takeStock(productId: number) {
      const res = await db
        .updateTable('products')
        .set({ stockAmount: sql<number>`stock_amount - 1`, updatedAt: stamp() })
        .where('id', '=', productId)
        .where('stockAmount', '>', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    returnStock: (productId: number) =>
      db
        .updateTable('products')
        .set({ stockAmount: sql<number>`stock_amount + 1`, updatedAt: stamp() })
        .where('id', '=', productId)
        .execute(),

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

    // state changes: each is conditional on the state it leaves; true when this call made the change

    /** pending (and, for a delivery, not started) → canceled, by its customer. */
    async cancel(id: number, userId: number) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({ status: 'canceled', isCanceled: 1, canceledAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('deliveryStatus', 'is', null), eb('deliveryStatus', '=', 'pending')]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A pending pickup → done (picked at the branch). */
    async completePickup(id: number, by: { type: SubjectType; id: number }) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({ status: 'done', doneAt: now, doneByType: by.type, doneById: by.id, updatedAt: now })
        .where('id', '=', id)
        .where('type', '=', 'pickup')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Assigns a pending delivery that is not started to a courier (again, if it had one). */
    async assign(merchantId: number, id: number, employeeId: number) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({ employeeId, deliveryStatus: 'pending', assignedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('merchantId', '=', merchantId)
        .where('type', '=', 'delivery')
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('deliveryStatus', 'is', null), eb('deliveryStatus', '=', 'pending')]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** pending (a delivery not yet started) → rejected with a reason, by the merchant or branch staff. */
    async reject(id: number, reason: string, by: { type: SubjectType; id: number }) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({
          status: 'rejected',
          rejectReason: reason,
          rejectedAt: now,
          rejectedByType: by.type,
          rejectedById: by.id,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('deliveryStatus', 'is', null), eb('deliveryStatus', '=', 'pending')]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The assigned courier starts a pending delivery. */
    async startDelivery(id: number, employeeId: number) {
      const res = await db
        .updateTable('productRequests')
        .set({ deliveryStatus: 'inProgress', updatedAt: stamp() })
        .where('id', '=', id)
        .where('employeeId', '=', employeeId)
        .where('status', '=', 'pending')
        .where('deliveryStatus', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The assigned courier delivers: delivery done and the request done. */
    async completeDelivery(id: number, employeeId: number) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({
          status: 'done',
          deliveryStatus: 'done',
          doneAt: now,
          doneByType: 'merchantUser',
          doneById: employeeId,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('employeeId', '=', employeeId)
        .where('status', '=', 'pending')
        .where('deliveryStatus', '=', 'inProgress')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** done (completed after `since`) → refund.pending, by its customer. */
    async askRefund(id: number, userId: number, reason: string | null, since: string) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({ status: 'refund.pending', isRefund: 1, refundReason: reason, refundRequestedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('status', '=', 'done')
        .where('doneAt', '>=', since)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** refund.pending → refund.done with the merchant's comment. */
    async confirmRefund(id: number, comment: string, by: { type: SubjectType; id: number }) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({
          status: 'refund.done',
          refundComment: comment,
          refundedAt: now,
          refundedByType: by.type,
          refundedById: by.id,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'refund.pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    // settlements (the money module lists them; they are written here, in the request's transaction)

    /** The settlement of a completed request (status initial) and its sale line. Unique per request. */
    async insertSettlement(v: { merchantId: number; productRequestId: number; userId: number; amountCents: number }) {
      const now = stamp();
      const { id } = await db
        .insertInto('settlements')
        .values({ ...v, status: 'initial', createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('settlementDetails')
        .values({ settlementId: id, userId: v.userId, kind: 'sale', amountCents: v.amountCents, createdAt: now })
        .execute();
      return id;
    },

    /** The refund line of a request's settlement (−price); unique per settlement. */
    async insertRefundLine(productRequestId: number, userId: number, amountCents: number) {
      const s = await db
        .selectFrom('settlements')
        .select('id')
        .where('productRequestId', '=', productRequestId)
        .executeTakeFirst();
      if (!s) return false;
      await db
        .insertInto('settlementDetails')
        .values({ settlementId: s.id, userId, kind: 'refund', amountCents: -amountCents, createdAt: stamp() })
        .execute();
      return true;
    },

    // couriers

    employee: (merchantId: number, id: number) =>
      db
        .selectFrom('merchantUsers')
        .select(['id', 'rule', 'isActive'])
        .where('id', '=', id)
        .where('merchantId', '=', merchantId)
        .executeTakeFirst(),
  };
};

export type ProductRequestsRepository = ReturnType<typeof productRequestsRepository>;
export type ProductRequestJoined = NonNullable<Awaited<ReturnType<ProductRequestsRepository['byId']>>>;
