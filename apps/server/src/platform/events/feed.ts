/**
 * The live feed's fan-out (docs/architecture.md "Live feed"). Every change writes a row to
 * `counter_events` in its own transaction; this hub reads the rows after the last one it delivered
 * and hands each to the subscribers whose scope covers it. It is woken
 * - in this process, by the store once a transaction that wrote events commits;
 * - on PostgreSQL, by NOTIFY on a dedicated LISTEN connection, so several server processes over one
 *   database see each other's events;
 * - and by a slow poll, in case a notification was lost while the LISTEN connection was down.
 * Ids come from a sequence, so on PostgreSQL a transaction may commit after a later id was seen: the
 * hub holds back at a gap for GAP_WAIT_MS before it takes the gap for a rolled-back transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { pgDriver } from '../../db/dialect';
import type { Store } from '../../repositories/registry';
import { type CounterEvent, feedChannel } from './events.repository';

/** What part of a merchant's events a subscriber sees. */
export interface FeedScope {
  merchantId: number;
  /** undefined: every branch (the merchant); a number: that branch (staff); null: none. */
  branchId?: number | null;
  /** A courier: only the deliveries assigned to them. */
  employeeId?: number;
}

export const inScope = (s: FeedScope, e: Pick<CounterEvent, 'merchantId' | 'branchId' | 'employeeId'>): boolean => {
  if (e.merchantId !== s.merchantId) return false;
  if (s.employeeId !== undefined) return e.employeeId === s.employeeId;
  if (s.branchId === undefined) return true;
  return s.branchId !== null && e.branchId === s.branchId;
};

export interface FeedOptions {
  store: Store;
  log: FastifyBaseLogger;
  /** PostgreSQL: connection string and schema for the dedicated LISTEN connection. */
  connectionString?: string;
  pgSchema?: string;
  pollMs?: number;
}

const GAP_WAIT_MS = 2_000;
const BATCH = 500;
const RECENT_READ = 20;

export type FeedListener = (e: CounterEvent) => void;

export function feedHub(opts: FeedOptions) {
  const { store, log } = opts;
  const listeners = new Set<{ scope: FeedScope; on: FeedListener }>();
  let watermark: number | null = null;
  let gapSince: number | undefined;
  let reading = false;
  let again = false;
  let closed = false;
  let listenClient: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  const unsubscribeStore = store.onEvents(() => wake());
  const poll = setInterval(() => {
    if (listeners.size > 0) wake();
  }, opts.pollMs ?? 5_000);
  poll.unref();

  async function read(): Promise<void> {
    if (watermark === null) watermark = await store.events.lastId();
    const rows = await store.events.since(watermark, BATCH);
    let next = watermark + 1;
    for (const row of rows) {
      if (row.id !== next) {
        gapSince ??= Date.now();
        if (Date.now() - gapSince < GAP_WAIT_MS) {
          setTimeout(wake, 200).unref();
          return;
        }
      }
      gapSince = undefined;
      watermark = row.id;
      next = row.id + 1;
      for (const l of listeners) if (inScope(l.scope, row)) l.on(row);
    }
    if (rows.length === BATCH) again = true;
  }

  function wake(): void {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    read()
      .catch((err) => log.warn({ err }, 'live feed: reading events failed'))
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  async function listen(): Promise<void> {
    if (!opts.connectionString || closed) return;
    const client = new (pgDriver().Client)({ connectionString: opts.connectionString });
    const retry = () => {
      if (listenClient === client) listenClient = null;
      client.end().catch(() => undefined);
      if (!closed) retryTimer = setTimeout(() => void listen(), 1_000);
      retryTimer?.unref();
    };
    client.on('error', (err) => {
      log.warn({ err }, 'live feed: LISTEN connection lost');
      retry();
    });
    client.on('notification', () => wake());
    try {
      await client.connect();
      await client.query(`LISTEN "${feedChannel(opts.pgSchema)}"`);
      if (closed) {
        await client.end();
        return;
      }
      listenClient = client;
      wake(); // anything written while not listening
    } catch (err) {
      log.warn({ err }, 'live feed: could not LISTEN');
      retry();
    }
  }

  return {
    /** Starts listening (PostgreSQL) and learns where the table ends. */
    async start(): Promise<void> {
      watermark = await store.events.lastId();
      await listen();
    },

    /** Delivers every later event in `scope`; returns the unsubscribe. */
    subscribe(scope: FeedScope, on: FeedListener): () => void {
      const entry = { scope, on };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },

    /**
     * Events after `afterId` in `scope` (a reconnect's Last-Event-ID), oldest first, read from the
     * caller's merchant's events only (through its index) and at most `max` of them back: `tooFar`
     * when the merchant had more than that since `afterId` (the client reloads instead).
     */
    async replay(scope: FeedScope, afterId: number, max: number): Promise<{ events: CounterEvent[]; tooFar: boolean }> {
      const rows = await store.events.latestOfMerchant(scope.merchantId, afterId, max + 1);
      if (rows.length > max) return { events: [], tooFar: true };
      return { events: rows.filter((r) => inScope(scope, r)).reverse(), tooFar: false };
    },

    lastId: () => store.events.lastId(),

    /**
     * Whether an event in `scope` was written in the last `ms` (read from the merchant's newest
     * RECENT_READ events through its index; when all of those are that recent, taken as yes).
     */
    async changedLately(scope: FeedScope, ms: number): Promise<boolean> {
      const rows = await store.events.latestOfMerchant(scope.merchantId, 0, RECENT_READ);
      const since = Date.now() - ms;
      const lately = rows.filter((r) => Date.parse(r.createdAt) >= since);
      return lately.some((r) => inScope(scope, r)) || (rows.length === RECENT_READ && lately.length === RECENT_READ);
    },

    async close(): Promise<void> {
      closed = true;
      clearInterval(poll);
      clearTimeout(retryTimer);
      unsubscribeStore();
      listeners.clear();
      const c = listenClient;
      listenClient = null;
      await c?.end().catch(() => undefined);
    },
  };
}

export type FeedHub = ReturnType<typeof feedHub>;
