/**
 * An offer request's approval: the request pending → done and one offer taken from the stock, together.
 * On PostgreSQL in one statement (the request's update as a data-modifying WITH, the offer's update
 * run only when the request moved): one round trip of an approval's fewer (bench/README.md,
 * "Approvals"). SQLite runs in the process, with no round trip to save, and runs the two updates.
 * The builders are the owners' (offer-requests and offers: one writer per table, docs/decisions/0022);
 * the caller's transaction holds both, and undoes the request's change when no offer was taken.
 *
 * On PostgreSQL the whole approval is also one statement (`approveAtOnce`): the request, the offer,
 * the points' legs, the audit row and the event, without a transaction around it (decision 0025).
 */
import { type Kysely, type QueryCreator, sql } from 'kysely';
import { isPostgres, isUniqueViolation, nowIso, refusedBecause } from '../db/dialect';
import { type Params, perShape, preparedQuery } from '../db/prepared';
import type { Database, OfferRequestsTable, SubjectType } from '../db/schema';
import { type AuditValues, auditInsert, auditParams, type NewAuditRow } from '../modules/activity/activity.repository';
import {
  type MarkDoneValues,
  markDoneUpdate,
  offerRequestsRepository,
} from '../modules/offer-requests/offer-requests.repository';
import { offersRepository, type TakeOneValues, takeOneUpdate } from '../modules/offers/offers.repository';
import { eventInsert, type NewCounterEvent } from '../platform/events/events.repository';
import {
  type Built,
  type Leg,
  type LegValues,
  legsWith,
  legValues,
  type Table,
  tablesOf,
} from '../platform/ledger/ledger.repository';
import { type EventNamed, eventNamed, eventStandIns } from './journal';

const approveBoth = preparedQuery((db, p: Params<MarkDoneValues & TakeOneValues>) =>
  db
    .with('done', (qc) => markDoneUpdate(qc, p).returning('id'))
    .with('taken', (qc) =>
      // the offer moves only when the request did (the WITH's statements share one snapshot: the
      // request's row, locked by its update, is read from its RETURNING, not from the table)
      takeOneUpdate(qc as unknown as QueryCreator<Database>, p)
        .where(sql<boolean>`exists (select 1 from done)`)
        .returning('id'),
    )
    .selectNoFrom([
      sql<number>`(select count(*) from done)`.as('done'),
      sql<number>`(select count(*) from taken)`.as('taken'),
    ]),
);

type AtOnceValues = MarkDoneValues & TakeOneValues & Partial<LegValues> & AuditValues & EventNamed;

/** Why a whole approval wrote nothing: what did not happen first. */
type StepRefusal = 'notPending' | 'offer' | 'leg1' | 'leg2';
const REFUSALS: StepRefusal[] = ['notPending', 'offer', 'leg1', 'leg2'];
/** A step that did not happen, or the points' movement already in the ledger (its unique key). */
export type ApprovalRefusal = StepRefusal | 'alreadyMoved';

/**
 * PostgreSQL: the whole approval as one statement. Each step runs only once the one before it
 * wrote its row, so the rows are locked in one order (the request, the offer, the customer, the
 * merchant: the ledger's order), the audit row and the event written before the balances; the
 * statement's last step checks that every step did, and ends it with `refuse('<step>')` otherwise
 * (db/migrations/0035-refusals.ts), which undoes all of it. One statement per actor kind and the
 * legs' tables.
 */
const atOnceFor = perShape((actorType: SubjectType, ...tables: Table[]) =>
  preparedQuery((db, p: Params<AtOnceValues>) => {
    let q = db
      .with('done', (qc) => markDoneUpdate(qc, p).returning('id'))
      .with('taken', (qc) =>
        takeOneUpdate(qc as unknown as QueryCreator<Database>, p)
          .where(sql<boolean>`exists (select 1 from done)`)
          .returning('id'),
      ) as unknown as Built;
    q = q.with('audited', (qc) => auditInsert(qc, p, actorType).returning('id')) as unknown as Built;
    q = q.with('evented', (qc) => eventInsert(qc, eventStandIns(p))) as unknown as Built;
    // the balances last: the merchant's row, which every approval of that merchant waits for, is
    // held from its update only to the end of the commit (the journal is written before it)
    if (tables.length) q = legsWith(q, tables, p as Params<LegValues>, ['taken', 'audited', 'evented']);
    const steps = ['done', 'taken', ...tables.map((_, i) => `entry${i + 1}`)];
    const checks = steps.map(
      (step, i) => sql`when (select count(*) from ${sql.table(step)}) = 0 then refuse(${sql.lit(REFUSALS[i])})`,
    );
    return q.selectNoFrom(sql<boolean>`case ${sql.join(checks, sql` `)} else true end`.as('moved'));
  }),
);

export interface Approval {
  /** The request's new updatedAt when this call moved it; null when it was no longer pending. */
  doneAt: string | null;
  /** One offer was taken (only ever true when the request moved). */
  taken: boolean;
}

type Approver = Pick<OfferRequestsTable, 'approvedByType' | 'approvedById' | 'approvedAt'>;

/** A whole approval: the request and its offer, the points' legs when it moves any, its audit row and event. */
export interface WholeApproval {
  id: number;
  offerId: number;
  day: string;
  approver: Approver;
  /** The legs of the points' move in the ledger's order (ledger.service `legsOf`), with its reason and reference. */
  points?: { legs: Leg[]; reason: string; reference: string };
  audit: Omit<NewAuditRow, 'actorName'>;
  event: NewCounterEvent;
}

export const offerApprovalRepository = (db: Kysely<Database>, written: () => void = () => {}) => ({
  /** Marks request `id` done and takes one of offer `offerId` on `day`, in one statement on PostgreSQL. */
  async approve(id: number, offerId: number, day: string, approver: Approver): Promise<Approval> {
    if (!isPostgres(db)) {
      const doneAt = await offerRequestsRepository(db).markDone(id, approver);
      return { doneAt, taken: doneAt !== null && (await offersRepository(db).takeOne(offerId, day)) };
    }
    const updatedAt = nowIso();
    const row = await approveBoth.first(db, { id, offerId, day, updatedAt, ...approver });
    const done = Number(row?.done ?? 0) === 1;
    return { doneAt: done ? updatedAt : null, taken: done && Number(row?.taken ?? 0) === 1 };
  },

  /**
   * PostgreSQL only (undefined on SQLite): the whole approval in one statement, with no transaction
   * around it, so no row is held across a round trip (decision 0025). Answers the request's new
   * updatedAt, or what did not happen first, in which case nothing was written.
   */
  approveAtOnce: isPostgres(db)
    ? async (a: WholeApproval): Promise<{ doneAt: string } | { refused: ApprovalRefusal }> => {
        const updatedAt = nowIso();
        const tables = a.points ? tablesOf(a.points.legs) : [];
        try {
          await atOnceFor(a.audit.actorType, ...tables).first(db, {
            id: a.id,
            offerId: a.offerId,
            day: a.day,
            updatedAt,
            ...a.approver,
            ...(a.points && legValues(a.points.legs, a.points.reason, a.points.reference, updatedAt)),
            ...auditParams(a.audit),
            ...eventNamed({ ...a.event, createdAt: updatedAt }),
          });
        } catch (err) {
          const why = refusedBecause(err);
          if (why && (REFUSALS as string[]).includes(why)) return { refused: why as StepRefusal };
          if (isUniqueViolation(err)) return { refused: 'alreadyMoved' };
          throw err;
        }
        written();
        return { doneAt: updatedAt };
      }
    : undefined,
});
