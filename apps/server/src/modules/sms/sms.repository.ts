import { type Kysely, sql } from 'kysely';
import { isPostgres, nowIso } from '../../db/dialect';
import type { Database, SmsStatus } from '../../db/schema';

export interface NewText {
  toMobile: string;
  /** Empty when the text is not kept (the log sender), else the text until the provider accepts it. */
  body: string;
  kind: string | null;
  idempotencyKey: string | null;
  expiresAt: string | null;
  status?: SmsStatus;
  provider?: string | null;
  sentAt?: string | null;
}

/** The SMS outbox's SQL (docs/architecture.md, "Text messages"). */
export const smsRepository = (db: Kysely<Database>) => ({
  /** A new row; with an idempotency key already used, nothing (and undefined). */
  async enqueue(v: NewText): Promise<number | undefined> {
    const now = nowIso();
    const row = await db
      .insertInto('smsOutbox')
      .values({ ...v, createdAt: now, updatedAt: now, nextAttemptAt: null })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  /** Ids of the rows that may be sent now (pending, due, not claimed by a live worker), oldest first. */
  async due(now: string, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('smsOutbox')
      .select('id')
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]))
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Takes a row for this worker, counting the attempt: one conditional update, so of two processes
   * only one gets it. The row, or undefined when another worker has it or it is no longer due.
   */
  async claim(id: number, claimId: string, now: string, until: string) {
    const res = await db
      .updateTable('smsOutbox')
      .set((eb) => ({ claimId, claimedUntil: until, attempts: eb('attempts', '+', 1), updatedAt: now }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]))
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    return db
      .selectFrom('smsOutbox')
      .selectAll()
      .where('id', '=', id)
      .where('claimId', '=', claimId)
      .executeTakeFirst();
  },

  /** The provider accepted it: its text is erased. False when the claim was lost meanwhile. */
  async sent(id: number, claimId: string, v: { provider: string; providerMessageId: string }) {
    const now = nowIso();
    const res = await db
      .updateTable('smsOutbox')
      .set({
        status: 'sent',
        body: '',
        ...v,
        sentAt: now,
        lastError: null,
        claimId: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where('id', '=', id)
      .where('claimId', '=', claimId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Try again at `nextAttemptAt`. */
  retryLater: (id: number, claimId: string, v: { nextAttemptAt: string; lastError: string; provider: string }) =>
    db
      .updateTable('smsOutbox')
      .set({ ...v, claimId: null, claimedUntil: null, updatedAt: nowIso() })
      .where('id', '=', id)
      .where('claimId', '=', claimId)
      .execute(),

  /** Failed for good, or no longer worth sending: the text is erased. */
  finish: (id: number, claimId: string, v: { status: 'failed' | 'expired'; lastError: string; provider: string }) =>
    db
      .updateTable('smsOutbox')
      .set({ ...v, body: '', claimId: null, claimedUntil: null, updatedAt: nowIso() })
      .where('id', '=', id)
      .where('claimId', '=', claimId)
      .execute(),

  /** Rows per status. */
  async counts(): Promise<Record<SmsStatus, number>> {
    const rows = await db
      .selectFrom('smsOutbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const out: Record<SmsStatus, number> = { pending: 0, sent: 0, failed: 0, expired: 0 };
    for (const r of rows) out[r.status] = Number(r.n);
    return out;
  },

  /** The oldest text still waiting: its creation time. */
  oldestPending: async () =>
    (
      await db
        .selectFrom('smsOutbox')
        .select('createdAt')
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
    )?.createdAt,

  /** The latest failures and retries (never the text). */
  problems: (limit: number) =>
    db
      .selectFrom('smsOutbox')
      .select(['id', 'toMobile', 'kind', 'status', 'attempts', 'lastError', 'provider', 'createdAt', 'updatedAt'])
      .where((eb) => eb.or([eb('status', 'in', ['failed', 'expired']), eb('lastError', 'is not', null)]))
      .where('status', '!=', 'sent')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),

  /** Forgets finished texts (sent, failed, expired) last changed before `before`: their numbers are personal data. */
  async pruneFinished(before: string): Promise<number> {
    const res = await db
      .deleteFrom('smsOutbox')
      .where('status', 'in', ['sent', 'failed', 'expired'])
      .where((eb) => eb(eb.fn.coalesce('updatedAt', 'createdAt'), '<', before))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  /**
   * SQLite keeps the pages a text was written to in its write-ahead log until a checkpoint resets
   * it; a truncating checkpoint empties the log file, so an erased text is in no file any more
   * (secure_delete zeroes it in the database file). Busy readers make it a no-op: the next one does it.
   */
  async scrubLog(): Promise<void> {
    if (isPostgres(db)) return;
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  },
});

export type SmsRepository = ReturnType<typeof smsRepository>;
