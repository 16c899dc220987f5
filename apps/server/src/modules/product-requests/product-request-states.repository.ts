/**
 * The state changes of product requests (docs/domain.md, "Product requests, deliveries and refunds"):
 * each is conditional on the state it leaves and answers true when this call made the change. Part of
 * the product requests' repository: product-requests.repository.ts spreads them in. `db` may be a
 * transaction.
 */
import { clock } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import type { Database, SubjectType } from '../../db/schema';

/** Wrong delivery codes that lock a delivery's code (the merchant then confirms the handover). */
export const PIN_TRIES = 5;

export const productRequestStates = (db: Kysely<Database>) => {
  const stamp = () => clock.nowIso();

  return {
    /**
     * pending, not accepted by the branch yet (and, for a delivery, not started) → canceled, by its
     * customer: once the kitchen has accepted it, only the branch cancels it (reject with a reason).
     */
    async cancel(id: number, userId: number) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({ status: 'canceled', isCanceled: 1, canceledAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('status', '=', 'pending')
        .where('acceptedAt', 'is', null)
        .where((eb) => eb.or([eb('deliveryStatus', 'is', null), eb('deliveryStatus', '=', 'pending')]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A pending pickup → done (picked at the branch). */
    /** A pending pickup of a product without delivery (SPEC §4) becomes done; true when this call did it. */
    async completePickup(id: number, by: { type: SubjectType; id: number }) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({ status: 'done', doneAt: now, doneByType: by.type, doneById: by.id, updatedAt: now })
        .where('id', '=', id)
        .where('type', '=', 'pickup')
        .where('status', '=', 'pending')
        .where('productId', 'in', (eb) => eb.selectFrom('products').select('id').where('deliveryAvailability', '=', 0))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Assigns a pending delivery that is not started to a courier (again, if it had one). */
    async assign(merchantId: number, id: number, employeeId: number, pin: string) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        // the code is made at the first assignment: a customer who was told it keeps it when the courier changes
        .set((eb) => ({
          employeeId,
          deliveryStatus: 'pending',
          assignedAt: now,
          updatedAt: now,
          deliveryPin: eb.fn.coalesce('deliveryPin', eb.val(pin)),
        }))
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
        .set((eb) => ({
          deliveryStatus: 'inProgress',
          deliveryStartedAt: eb.fn.coalesce('deliveryStartedAt', eb.val(stamp())),
          updatedAt: stamp(),
        }))
        .where('id', '=', id)
        .where('employeeId', '=', employeeId)
        .where('status', '=', 'pending')
        .where('deliveryStatus', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A wrong code counted, unless 5 already were (then false: locked). Never more than 5, however many race. */
    async countWrongPin(id: number, employeeId: number) {
      const res = await db
        .updateTable('productRequests')
        .set((eb) => ({ pinTries: eb('pinTries', '+', 1) }))
        .where('id', '=', id)
        .where('employeeId', '=', employeeId)
        .where('status', '=', 'pending')
        .where('deliveryStatus', '=', 'inProgress')
        .where('pinTries', '<', PIN_TRIES)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The merchant confirms the handover without the code: in progress → done. */
    async confirmHandover(merchantId: number, id: number, by: { type: SubjectType; id: number }) {
      const now = stamp();
      const res = await db
        .updateTable('productRequests')
        .set({
          status: 'done',
          deliveryStatus: 'done',
          doneAt: now,
          doneByType: by.type,
          doneById: by.id,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('merchantId', '=', merchantId)
        .where('status', '=', 'pending')
        .where('deliveryStatus', '=', 'inProgress')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * The assigned courier delivers with the customer's code (a delivery assigned before codes
     * existed has none and needs none), while the code is not locked: delivery done and the request done.
     */
    async completeDelivery(id: number, employeeId: number, pin: string) {
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
        .where('pinTries', '<', PIN_TRIES)
        .where((eb) => eb.or([eb('deliveryPin', 'is', null), eb('deliveryPin', '=', pin)]))
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
  };
};
