/**
 * Accept in time (docs/domain.md "Accepting in time"): accepting, ready, and the sweep's reads and
 * changes. Each change is conditional on the state it leaves and answers true when this call made
 * it. Part of the product requests' repository (spread in). `db` may be a transaction.
 */
import { ACCEPT_LIMITS, clock } from '@loyalty/contract';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { Database, SubjectType } from '../../db/schema';

/** A request the sweep looks at: new, not accepted, with its merchant's limit. */
export interface Unaccepted {
  id: number;
  merchantId: number;
  branchId: number;
  productId: number;
  userId: number;
  employeeId: number | null;
  createdAt: string;
  acceptWithinMinutes: number | null;
}

/** Pending requests of a merchant (and branch: staff; null: none), counted: the base of the two counts below. */
const pendingCountQuery = (qc: QueryCreator<Database>, merchantId: number, branchId?: number | null) =>
  qc
    .selectFrom('productRequests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchantId', '=', merchantId)
    .$if(branchId !== undefined, (q) => q.where('branchId', '=', branchId ?? -1))
    .where('status', '=', sql.lit('pending'));

/**
 * New requests not yet accepted, counted: a builder, also read with the merchant's other counts in
 * one statement (repositories/merchant-home.ts).
 */
export const unacceptedCountQuery = (qc: QueryCreator<Database>, merchantId: number, branchId?: number | null) =>
  pendingCountQuery(qc, merchantId, branchId).where('acceptedAt', 'is', null);

/** Pending deliveries no courier is assigned to, counted. */
export const withoutCourierCountQuery = (qc: QueryCreator<Database>, merchantId: number, branchId?: number | null) =>
  pendingCountQuery(qc, merchantId, branchId).where('type', '=', sql.lit('delivery')).where('employeeId', 'is', null);

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

export const productRequestAccept = (db: Kysely<Database>) => {
  const notStarted = () =>
    db
      .updateTable('productRequests')
      .where('status', '=', 'pending')
      .where('acceptedAt', 'is', null)
      .where((eb) => eb.or([eb('deliveryStatus', 'is', null), eb('deliveryStatus', '=', 'pending')]));

  return {
    /** pending, not accepted (a delivery not started) → accepted with the preparation minutes. */
    async accept(id: number, prepMinutes: number, by: { type: SubjectType; id: number }) {
      const now = clock.now();
      const res = await notStarted()
        .set({
          acceptedAt: now.toISOString(),
          acceptedByType: by.type,
          acceptedById: by.id,
          prepMinutes,
          readyBy: new Date(now.getTime() + prepMinutes * 60_000).toISOString(),
          updatedAt: now.toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** accepted, still pending, not yet ready → ready. */
    async markReady(id: number, by: { type: SubjectType; id: number }) {
      const now = clock.nowIso();
      const res = await db
        .updateTable('productRequests')
        .set({ readyAt: now, readyByType: by.type, readyById: by.id, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('acceptedAt', 'is not', null)
        .where('readyAt', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * New, unaccepted requests at least `fraction` of their merchant's limit old (1: due for
     * cancellation; 0.5: due for the owner's reminder, not yet reminded), oldest first.
     */
    async unacceptedOlderThan(fraction: number, limit: number): Promise<Unaccepted[]> {
      const now = clock.now();
      // the shortest limit bounds the read; each merchant's own limit is applied below
      const rows = await db
        .selectFrom('productRequests as r')
        .innerJoin('merchants as m', 'm.id', 'r.merchantId')
        .select([
          'r.id',
          'r.merchantId',
          'r.branchId',
          'r.productId',
          'r.userId',
          'r.employeeId',
          'r.createdAt',
          'm.acceptWithinMinutes',
        ])
        .where('r.status', '=', 'pending')
        .where('r.acceptedAt', 'is', null)
        .where('r.createdAt', '<=', minutesBefore(now, ACCEPT_LIMITS.acceptWithinMin * fraction))
        .$if(fraction < 1, (q) => q.where('r.acceptRemindedAt', 'is', null))
        .where((eb) => eb.or([eb('r.deliveryStatus', 'is', null), eb('r.deliveryStatus', '=', 'pending')]))
        .orderBy('r.createdAt', 'asc')
        .orderBy('r.id', 'asc')
        .limit(limit)
        .execute();
      return rows.filter(
        (r) =>
          r.createdAt <= minutesBefore(now, (r.acceptWithinMinutes ?? ACCEPT_LIMITS.acceptWithinDefault) * fraction),
      );
    },

    /** New and not accepted → canceled by the platform with `reason`; true when this call did it. */
    async autoCancel(id: number, reason: string) {
      const now = clock.nowIso();
      const res = await notStarted()
        .set({ status: 'canceled', isCanceled: 1, canceledAt: now, cancelReason: reason, updatedAt: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** New requests not yet accepted of a merchant (and branch: staff; null: none). */
    async countUnaccepted(merchantId: number, branchId?: number | null) {
      return Number((await unacceptedCountQuery(db, merchantId, branchId).executeTakeFirstOrThrow()).n);
    },

    /** Pending deliveries no courier is assigned to, of a merchant (and branch: staff; null: none). */
    async countWithoutCourier(merchantId: number, branchId?: number | null) {
      return Number((await withoutCourierCountQuery(db, merchantId, branchId).executeTakeFirstOrThrow()).n);
    },

    /** Records the owner's reminder once; true when this call did it. */
    async markReminded(id: number) {
      const res = await db
        .updateTable('productRequests')
        .set({ acceptRemindedAt: clock.nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('acceptedAt', 'is', null)
        .where('acceptRemindedAt', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
};
