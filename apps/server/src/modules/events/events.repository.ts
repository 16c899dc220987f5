import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { CounterEventsTable, Database } from '../../db/schema';

export type NewCounterEvent = Omit<CounterEventsTable, 'id' | 'createdAt'>;

/**
 * The PostgreSQL channel the live feed listens on (docs/architecture.md "Live feed"). Channels are
 * per database, so a schema other than the default gets its own.
 */
export const feedChannel = (pgSchema?: string) => (pgSchema ? `counter_events_${pgSchema}` : 'counter_events');

/**
 * The only SQL of the live feed's events. `append` runs inside the change's transaction; on
 * PostgreSQL it also NOTIFYs, which the server delivers to every listener when the transaction commits.
 * `written` collects what a transaction appended so the store can wake this process's feed after commit.
 */
export const eventsRepository = (db: Kysely<Database>, written: () => void, channel: string | null) => ({
  async append(e: NewCounterEvent): Promise<number> {
    const { id } = await db
      .insertInto('counterEvents')
      .values({ ...e, createdAt: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (channel) await sql`SELECT pg_notify(${channel}, ${String(id)})`.execute(db);
    written();
    return id;
  },

  /** Events after `afterId`, oldest first. */
  since: (afterId: number, limit: number) =>
    db.selectFrom('counterEvents').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute(),

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
