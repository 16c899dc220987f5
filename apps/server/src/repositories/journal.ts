/**
 * A transition's audit row and its live-feed event (platform/transitions/transition.ts), written
 * together. On PostgreSQL in one statement (the audit row's insert as a data-modifying WITH): one
 * round trip of an approval's fewer (bench/README.md, "Approvals"). SQLite runs in the process, with
 * no round trip to save, and writes them as two statements. Both inside the change's transaction,
 * so they exist exactly when the change does.
 */
import type { Kysely, QueryCreator } from 'kysely';
import { isPostgres, nowIso } from '../db/dialect';
import { type Params, preparedQuery } from '../db/prepared';
import type { Database, SubjectType } from '../db/schema';
import {
  type AuditValues,
  activityRepository,
  auditInsert,
  auditParams,
  type NewAuditRow,
  perActorKind,
} from '../modules/activity/activity.repository';
import {
  type EventValues,
  eventInsert,
  eventsRepository,
  type NewCounterEvent,
} from '../platform/events/events.repository';

/** The event's values under names of their own (`event_<name>`) beside the audit row's. */
export type EventNamed = { [K in keyof EventValues as `event_${K & string}`]: EventValues[K] };

export const eventNamed = (e: EventValues): EventNamed =>
  Object.fromEntries(Object.entries(e).map(([k, v]) => [`event_${k}`, v])) as EventNamed;

/** The event's stand-ins as `eventInsert` reads them, each the named parameter `event_<name>`. */
export const eventStandIns = (p: Params<EventNamed>): Params<EventValues> =>
  new Proxy(Object.create(null), {
    get: (_t, name) => (typeof name === 'string' ? p[`event_${name}` as keyof EventNamed] : undefined),
  });

const recordAs = perActorKind((actorType: SubjectType) =>
  preparedQuery((db, p: Params<AuditValues & EventNamed>) =>
    eventInsert(
      // the WITH only writes the audit row: nothing reads `audited`, so the tables seen are the database's
      db.with('audited', (qc) => auditInsert(qc, p, actorType).returning('id')) as unknown as QueryCreator<Database>,
      eventStandIns(p),
    ),
  ),
);

export const journalRepository = (db: Kysely<Database>, written: () => void) => ({
  /** Writes `audit` and `event` (calls `written`, as the events repository does, for the feed). */
  async record(audit: Omit<NewAuditRow, 'actorName'>, event: NewCounterEvent): Promise<void> {
    if (!isPostgres(db)) {
      await activityRepository(db).append(audit);
      await eventsRepository(db, written).append(event);
      return;
    }
    const row = await recordAs(audit.actorType).first(db, {
      ...auditParams(audit),
      ...eventNamed({ ...event, createdAt: nowIso() }),
    });
    if (!row) throw new Error('counter event not stored');
    written();
  },
});
