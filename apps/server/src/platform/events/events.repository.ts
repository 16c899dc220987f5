import { type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import { type Params, preparedQuery, valuesWhen } from '../../db/prepared';
import type { CounterEventsTable, Database } from '../../db/schema';

export type NewCounterEvent = Omit<CounterEventsTable, 'id' | 'createdAt'>;

/**
 * The PostgreSQL channel the live feed listens on (docs/architecture.md "Live feed"). Channels are
 * per database, so a schema other than the default gets its own.
 */
export const feedChannel = (pgSchema?: string) => (pgSchema ? `counter_events_${pgSchema}` : 'counter_events');

/**
 * The only SQL of the live feed's events. `append` runs inside the change's transaction and calls
 * `written`, so that the store, once the transaction commits, wakes this process's feed and (on
 * PostgreSQL) NOTIFYs the other processes with `notify`. The NOTIFY is sent after the commit, not
 * inside the transaction: PostgreSQL serializes the commits of every transaction that notifies,
 * which capped approvals of all merchants together (bench/README.md, "Approvals"). A NOTIFY lost
 * to a crash between the two is covered by the feed's safety poll.
 */
export type EventValues = NewCounterEvent & { createdAt: string };

/** An event's values. */
const eventColumns = (p: Params<EventValues>) => ({
  merchantId: p.merchantId,
  branchId: p.branchId,
  employeeId: p.employeeId,
  kind: p.kind,
  entityId: p.entityId,
  action: p.action,
  status: p.status,
  createdAt: p.createdAt,
});

/**
 * The insert of an event. `qc` is the database, or a WITH that writes a transition's audit row
 * before it in one statement (repositories/journal.ts); `when` (PostgreSQL, in a WITH): the row only
 * if it holds (repositories/offer-approval.ts).
 */
export const eventInsert = (qc: QueryCreator<Database>, p: Params<EventValues>, when?: RawBuilder<boolean>) => {
  const row = eventColumns(p);
  const insert = qc.insertInto('counterEvents');
  return (when ? valuesWhen(insert, qc, row, when) : insert.values(row)).returning('id');
};

const appendEvent = preparedQuery((db, p: Params<EventValues>) => eventInsert(db, p));

/** The replay's query (exported for the test that reads its plan). */
export const replayQuery = (db: Kysely<Database>, merchantId: number, afterId: number, limit: number) =>
  db
    .selectFrom('counterEvents')
    .selectAll()
    .where('merchantId', '=', merchantId)
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .limit(limit);

export const eventsRepository = (db: Kysely<Database>, written: () => void) => ({
  async append(e: NewCounterEvent): Promise<number> {
    const row = await appendEvent.first(db, { ...e, createdAt: nowIso() });
    if (!row) throw new Error('counter event not stored');
    written();
    return row.id;
  },

  /** Wakes every server process listening on `channel` (PostgreSQL). */
  notify: async (channel: string) => {
    await sql`SELECT pg_notify(${channel}, '')`.execute(db);
  },

  /** Events after `afterId`, oldest first. */
  since: (afterId: number, limit: number) =>
    db.selectFrom('counterEvents').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute(),

  /**
   * The newest `limit` events of one merchant after `afterId`, newest first: read through the index
   * on (merchant_id, id), so a replay never reads another merchant's rows nor further back than it
   * may (the live feed's replay, docs/architecture.md "Live feed").
   */
  latestOfMerchant: (merchantId: number, afterId: number, limit: number) =>
    replayQuery(db, merchantId, afterId, limit).execute(),

  lastId: async () =>
    Number(
      (
        await db
          .selectFrom('counterEvents')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    ),
});

export type EventsRepository = ReturnType<typeof eventsRepository>;
export type CounterEvent = Awaited<ReturnType<EventsRepository['since']>>[number];
