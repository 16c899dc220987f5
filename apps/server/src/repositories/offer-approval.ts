/**
 * An offer request's approval: the request pending → done, one offer taken from the stock, the
 * points when it is paid with them, its audit row and event, together.
 *
 * On PostgreSQL one statement read from the request's own row (`approveRequest`), without a
 * transaction around it (decision 0025): the approval's only round trip after the caller's. SQLite
 * runs in the process, with no round trip to save: the service's transaction runs the request's and
 * the offer's updates (`approve`) and the ledger's and journal's own. The builders are the owners'
 * (offer requests, offers, the ledger, the audit trail and the events: one writer per table,
 * docs/decisions/0022).
 */
import { type Compilable, type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import { isPostgres, isUniqueViolation, nowIso, refusedBecause } from '../db/dialect';
import { type Params, perShape, preparedQuery, standInsWith } from '../db/prepared';
import type { Database, OfferRequestsTable, SubjectType } from '../db/schema';
import { type AuditValues, auditInsert, auditParams, type NewAuditRow } from '../modules/activity/activity.repository';
import {
  type OfferRequestOne,
  ONE_REQUEST_COLUMNS,
  type OneValues,
  oneRequest,
} from '../modules/offer-requests/offer-request-reads.repository';
import {
  type MarkDoneValues,
  markDoneUpdate,
  offerRequestsRepository,
} from '../modules/offer-requests/offer-requests.repository';
import { offersRepository, type TakeOneValues, takeOneUpdate } from '../modules/offers/offers.repository';
import { eventInsert, type NewCounterEvent } from '../platform/events/events.repository';
import { type Built, type LegValues, legsWith } from '../platform/ledger/ledger.repository';
import { type EventNamed, eventNamed, eventStandIns } from './journal';

type RequestValues = OneValues &
  MarkDoneValues &
  Omit<TakeOneValues, 'offerId'> &
  Pick<LegValues, 'accountType1' | 'id2' | 'accountType2' | 'ledgerReason' | 'ledgerReference' | 'ledgerCreatedAt'> &
  AuditValues &
  EventNamed;

/** Why a whole approval wrote nothing: what did not happen first. */
type StepRefusal = 'notPending' | 'offer' | 'leg1' | 'leg2';
const REFUSALS: StepRefusal[] = ['notPending', 'offer', 'leg1', 'leg2'];
/** A step that did not happen, or the points' movement already in the ledger (its unique key). */
export type ApprovalRefusal = StepRefusal | 'alreadyMoved';

const has = (step: string) => sql<boolean>`exists (select 1 from ${sql.table(step)})`;

/**
 * PostgreSQL: the whole approval of request `id` as one statement, read from the request's own row:
 * `req`, the request in the caller's scope as the details read it (the answer), then each step only
 * once the one before it wrote its row, so the rows are locked in one order (the request, the offer,
 * the customer, the merchant: the ledger's order): `done` (pending → done), `taken` (one of its
 * offer), the audit row and the event (at the request's branch), and when it is paid with points the
 * customer's debit and the merchant's credit of its points (`paid`). The answer is `req`'s row (none
 * when the request is not in the caller's scope) with `moved`: false when it was no longer pending
 * when read (nothing written), true when every step happened; otherwise `refuse('<step>')` at the
 * first that did not (db/migrations/0035-refusals.ts) undoes all of it. One statement per actor kind
 * and scope (the merchant's or one branch's).
 */
const approvalFor = perShape((actorType: SubjectType, byBranch: boolean) =>
  preparedQuery((db, p: Params<RequestValues>) => {
    const done = (column: string) => sql`(select ${sql.ref(column)} from done)`;
    const branchId = done('branch_id') as RawBuilder<number>;
    let q = db
      .with('req', () => oneRequest(db, p, byBranch))
      .with('done', (qc) =>
        markDoneUpdate(qc as unknown as QueryCreator<Database>, p)
          .where(has('req'))
          .returning(['offerId', 'userId', 'branchId', 'payWith', 'points']),
      ) as unknown as Built;
    q = q.with('taken', (qc) =>
      takeOneUpdate(qc, standInsWith(p as unknown as Params<TakeOneValues>, { offerId: done('offer_id') }))
        .where(has('done'))
        .returning('id'),
    ) as unknown as Built;
    q = q.with('audited', (qc) =>
      auditInsert(qc, standInsWith(p as Params<AuditValues>, { branchId }), actorType, has('done')).returning('id'),
    ) as unknown as Built;
    q = q.with('evented', (qc) =>
      eventInsert(qc, standInsWith(eventStandIns(p), { branchId }), has('done')),
    ) as unknown as Built;
    // the points, when it is paid with them: the balances last, so the merchant's row, which every
    // approval of that merchant waits for, is held from its update only to the end of the commit
    q = q.with(
      'paid',
      () => sql`(select user_id, points from done where pay_with = 'points' and points > 0)`,
    ) as unknown as Built;
    const legs = standInsWith(p as unknown as Params<LegValues>, {
      id1: sql`(select user_id from paid)`,
      delta1: sql`(select -points from paid)`,
      delta2: sql`(select points from paid)`,
    });
    q = legsWith(q, ['customers', 'merchants'], legs, ['taken', 'audited', 'evented', 'paid']);
    const moved = sql<boolean>`case
      when ${sql.ref('req.status')} <> 'pending' then false
      when not ${has('done')} then refuse('notPending')
      when not ${has('taken')} then refuse('offer')
      when ${has('paid')} and not ${has('entry1')} then refuse('leg1')
      when ${has('paid')} and not ${has('entry2')} then refuse('leg2')
      else true end`;
    return (q as unknown as Kysely<Record<'req', OfferRequestOne>>)
      .selectFrom('req')
      .select([...ONE_REQUEST_COLUMNS, moved.as('moved')] as never[]) as unknown as Compilable<
      OfferRequestOne & { moved: boolean }
    >;
  }),
);

export interface Approval {
  /** The request's new updatedAt when this call moved it; null when it was no longer pending. */
  doneAt: string | null;
  /** One offer was taken (only ever true when the request moved). */
  taken: boolean;
}

type Approver = Pick<OfferRequestsTable, 'approvedByType' | 'approvedById' | 'approvedAt'>;

/** An approval of request `id` in `scope`: who approves, the day, the points' reason and reference, its audit row and event (both at the request's own branch). */
export interface RequestApproval {
  id: number;
  scope: { merchantId: number; branchId?: number };
  day: string;
  approver: Approver;
  points: { reason: string; reference: string };
  audit: Omit<NewAuditRow, 'actorName' | 'branchId'>;
  event: Omit<NewCounterEvent, 'branchId'>;
}

/** The request as read before the approval, and its new updatedAt when this call moved it (null: no longer pending). */
export type RequestApproved = { row: OfferRequestOne; doneAt: string | null };

export const offerApprovalRepository = (db: Kysely<Database>, written: () => void = () => {}) => ({
  /** SQLite, in the caller's transaction: marks request `id` done, then takes one of offer `offerId` on `day`. */
  async approve(id: number, offerId: number, day: string, approver: Approver): Promise<Approval> {
    const doneAt = await offerRequestsRepository(db).markDone(id, approver);
    return { doneAt, taken: doneAt !== null && (await offersRepository(db).takeOne(offerId, day)) };
  },

  /**
   * PostgreSQL only (undefined on SQLite): the whole approval in one statement, read from the
   * request's own row, with no transaction around it, so no row is held across a round trip
   * (decision 0025). Answers undefined when the request is not in the scope; the request as read
   * and its new updatedAt (null when it was no longer pending: nothing written); or what did not
   * happen first, in which case nothing was written.
   */
  approveRequest: isPostgres(db)
    ? async (a: RequestApproval): Promise<RequestApproved | undefined | { refused: ApprovalRefusal }> => {
        const updatedAt = nowIso();
        let row: (OfferRequestOne & { moved: boolean }) | undefined;
        try {
          row = await approvalFor(a.audit.actorType, a.scope.branchId !== undefined).first(db, {
            ...auditParams({ ...a.audit, branchId: null }), // the audit row's branch is the request's
            ...eventNamed({ ...a.event, branchId: 0, createdAt: updatedAt }), // the event's too
            id: a.id,
            merchantId: a.scope.merchantId,
            branchId: a.scope.branchId ?? 0,
            day: a.day,
            updatedAt,
            ...a.approver,
            accountType1: 'user',
            id2: a.scope.merchantId,
            accountType2: 'merchant',
            ledgerReason: a.points.reason,
            ledgerReference: a.points.reference,
            ledgerCreatedAt: updatedAt,
          });
        } catch (err) {
          const why = refusedBecause(err);
          if (why && (REFUSALS as string[]).includes(why)) return { refused: why as StepRefusal };
          if (isUniqueViolation(err)) return { refused: 'alreadyMoved' };
          throw err;
        }
        if (!row) return undefined;
        const { moved, ...request } = row;
        if (!moved) return { row: request, doneAt: null };
        written();
        return { row: request, doneAt: updatedAt };
      }
    : undefined,
});
