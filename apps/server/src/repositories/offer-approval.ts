/**
 * An offer request's approval: the request pending → done and one offer taken from the stock, together.
 * On PostgreSQL in one statement (the request's update as a data-modifying WITH, the offer's update
 * run only when the request moved): one round trip of an approval's fewer (bench/README.md,
 * "Approvals"). SQLite runs in the process, with no round trip to save, and runs the two updates.
 * The builders are the owners' (offer-requests and offers: one writer per table, docs/decisions/0022);
 * the caller's transaction holds both, and undoes the request's change when no offer was taken.
 */
import { type Kysely, type QueryCreator, sql } from 'kysely';
import { isPostgres, nowIso } from '../db/dialect';
import { type Params, preparedQuery } from '../db/prepared';
import type { Database, OfferRequestsTable } from '../db/schema';
import {
  type MarkDoneValues,
  markDoneUpdate,
  offerRequestsRepository,
} from '../modules/offer-requests/offer-requests.repository';
import { offersRepository, type TakeOneValues, takeOneUpdate } from '../modules/offers/offers.repository';

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

export interface Approval {
  /** The request's new updatedAt when this call moved it; null when it was no longer pending. */
  doneAt: string | null;
  /** One offer was taken (only ever true when the request moved). */
  taken: boolean;
}

export const offerApprovalRepository = (db: Kysely<Database>) => ({
  /** Marks request `id` done and takes one of offer `offerId` on `day`, in one statement on PostgreSQL. */
  async approve(
    id: number,
    offerId: number,
    day: string,
    approver: Pick<OfferRequestsTable, 'approvedByType' | 'approvedById' | 'approvedAt'>,
  ): Promise<Approval> {
    if (!isPostgres(db)) {
      const doneAt = await offerRequestsRepository(db).markDone(id, approver);
      return { doneAt, taken: doneAt !== null && (await offersRepository(db).takeOne(offerId, day)) };
    }
    const updatedAt = nowIso();
    const row = await approveBoth.first(db, { id, offerId, day, updatedAt, ...approver });
    const done = Number(row?.done ?? 0) === 1;
    return { doneAt: done ? updatedAt : null, taken: done && Number(row?.taken ?? 0) === 1 };
  },
});
