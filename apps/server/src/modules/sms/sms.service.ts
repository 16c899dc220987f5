/**
 * Text messages (docs/architecture.md, "Text messages"). Services call `sms.send(to, body)`; the text
 * goes into the `sms_outbox` table and every server process's worker sends what is due through the
 * configured provider (Twilio, Unifonic):
 * - a row is taken by one conditional update (its claim), so two processes on one database never
 *   send it both; the provider's acceptance erases its text (and SQLite's log is checkpointed, so
 *   the text is in no file any more);
 * - a failure that may pass (no answer, 429, 5xx) is tried again with a doubling wait (5 s, 10 s, …
 *   up to 10 min, Retry-After respected), at most 8 attempts; a refusal of the text itself (a bad
 *   number) or the last attempt fails it for good, and a text past its end (a code that expired) is
 *   not sent: both erase the text too;
 * - an idempotency key makes a retried request queue its text once;
 * - finished rows (no text, a number) are deleted after 30 days, hourly.
 * With SMS_PROVIDER=log the text is written to the server's log and never stored (development).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../../repositories/registry';
import { type SmsProvider, SmsSendError } from './sms-provider';

export interface SendOptions {
  /** What the text is (`resetCode`, `walkInCode`, …): for the operator's status and the metrics. */
  kind?: string;
  /** The same key queues one text, however often it is sent. */
  idempotencyKey?: string;
  /** Not worth sending after this long (a code's lifetime); default 24 hours. */
  ttlMs?: number;
}

/** Sends text messages; `send` returns once the text is queued (or, for the log sender, logged). */
export interface SmsSender {
  send(to: string, body: string, opts?: SendOptions): Promise<void>;
}

export interface OutboxOptions {
  /** How often a worker looks for due texts when nothing wakes it (1 s). */
  pollMs?: number;
  /** Texts taken per round (20). */
  batch?: number;
  maxAttempts?: number;
  /** The first wait after a failure, doubled each time up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claim holds before another worker may take the text (the worker died). */
  claimMs?: number;
}

const DEFAULTS: Required<OutboxOptions> = {
  pollMs: 1000,
  batch: 20,
  maxAttempts: 8,
  backoffMs: 5000,
  maxBackoffMs: 10 * 60_000,
  claimMs: 60_000,
};
const DEFAULT_TTL_MS = 24 * 3600_000;
/** Finished texts are kept this long for the operator's status, then deleted (they hold a phone number). */
export const KEEP_FINISHED_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

export type Outcome = 'sent' | 'retry' | 'failed' | 'expired';

/** The last digits of a number, for logs. */
const masked = (to: string) => `…${to.slice(-4)}`;

/** The wait before attempt `attempts + 1`: doubling from `base`, capped, ±20% so workers spread out. */
export function backoff(attempts: number, o: Pick<Required<OutboxOptions>, 'backoffMs' | 'maxBackoffMs'>): number {
  const plain = Math.min(o.maxBackoffMs, o.backoffMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

const endOf = (ttlMs: number | undefined) => new Date(Date.now() + (ttlMs ?? DEFAULT_TTL_MS)).toISOString();

/** The outbox and its worker over `provider`. */
export function smsOutbox(
  { store, log }: { store: Store; log: FastifyBaseLogger },
  provider: SmsProvider,
  options: OutboxOptions = {},
) {
  const o = { ...DEFAULTS, ...options };
  const repo = store.sms;
  const outcomes = new Map<Outcome, number>();
  const count = (outcome: Outcome) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  let timer: NodeJS.Timeout | undefined;
  let pruner: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** No worker runs (not started, or stopped): texts are only queued. */
  let stopped = true;
  /** stop() was called: a round in progress ends after the text in hand. */
  let closing = false;

  async function deliver(id: number): Promise<void> {
    const now = new Date();
    const claimId = randomUUID();
    const row = await repo.claim(id, claimId, now.toISOString(), new Date(now.getTime() + o.claimMs).toISOString());
    if (!row) return; // another worker has it
    const end = row.expiresAt ?? new Date(Date.parse(row.createdAt) + DEFAULT_TTL_MS).toISOString();
    if (end <= now.toISOString()) {
      await repo.finish(id, claimId, {
        status: 'expired',
        lastError: 'expired before it was sent',
        provider: provider.name,
      });
      await repo.scrubLog();
      count('expired');
      log.warn({ sms: id, to: masked(row.toMobile), kind: row.kind }, 'SMS expired before it was sent');
      return;
    }
    try {
      const accepted = await provider.send({ to: row.toMobile, body: row.body, reference: `sms:${id}` });
      await repo.sent(id, claimId, { provider: provider.name, providerMessageId: accepted.id });
      await repo.scrubLog();
      count('sent');
      log.info({ sms: id, to: masked(row.toMobile), kind: row.kind, provider: provider.name }, 'SMS sent');
    } catch (err) {
      const e =
        err instanceof SmsSendError ? err : new SmsSendError(`${provider.name}: ${(err as Error).message}`, false);
      if (e.permanent || row.attempts >= o.maxAttempts) {
        await repo.finish(id, claimId, { status: 'failed', lastError: e.message, provider: provider.name });
        await repo.scrubLog();
        count('failed');
        log.error(
          { sms: id, to: masked(row.toMobile), kind: row.kind, attempts: row.attempts, err: e.message },
          'SMS failed for good',
        );
        return;
      }
      const wait = Math.max(backoff(row.attempts, o), e.retryAfterMs ?? 0);
      await repo.retryLater(id, claimId, {
        nextAttemptAt: new Date(Date.now() + wait).toISOString(),
        lastError: e.message,
        provider: provider.name,
      });
      count('retry');
      log.warn(
        { sms: id, to: masked(row.toMobile), attempts: row.attempts, retryInMs: wait, err: e.message },
        'SMS not sent, trying again later',
      );
    }
  }

  /** Sends what is due now, until nothing is; the number of texts handled. */
  async function drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const ids = await repo.due(new Date().toISOString(), o.batch);
      for (const id of ids) await deliver(id);
      handled += ids.length;
      if (ids.length < o.batch || closing) return handled;
    }
  }

  /** One round at a time; a wake during a round runs another right after it. */
  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .then(() => undefined)
      .catch((err) => log.error({ err }, 'SMS outbox: a round failed'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  }

  const sender: SmsSender = {
    async send(to, body, opts = {}) {
      const id = await repo.enqueue({
        toMobile: to,
        body,
        kind: opts.kind ?? null,
        idempotencyKey: opts.idempotencyKey ?? null,
        expiresAt: endOf(opts.ttlMs),
      });
      log.info({ sms: id, to: masked(to), kind: opts.kind }, id === undefined ? 'SMS already queued' : 'SMS queued');
      if (!stopped) tick();
    },
  };

  /** Deletes finished texts older than KEEP_FINISHED_MS; how many. */
  const prune = () => repo.pruneFinished(new Date(Date.now() - KEEP_FINISHED_MS).toISOString());

  return {
    sender,
    provider: provider.name,
    drain,
    prune,
    /** Texts handled by this process since it started, by outcome (the metrics). */
    outcomes: () => new Map(outcomes),
    start() {
      if (!stopped) return;
      stopped = false;
      closing = false;
      timer = setInterval(tick, o.pollMs);
      timer.unref();
      pruner = setInterval(() => {
        prune().catch((err) => log.warn({ err }, 'SMS outbox: pruning failed'));
      }, PRUNE_EVERY_MS);
      pruner.unref();
      tick();
    },
    async stop() {
      stopped = true;
      closing = true;
      clearInterval(timer);
      clearInterval(pruner);
      await running;
    },
  };
}

export type SmsOutbox = ReturnType<typeof smsOutbox>;

/**
 * SMS_PROVIDER=log: the text goes to the server's log (a developer reads the code there) and is
 * never stored; the outbox gets a row without its text, already `sent`, so the operator's status
 * counts it. An idempotency key already used logs nothing.
 */
export function logSmsSender({ store, log }: { store: Store; log: FastifyBaseLogger }): SmsSender {
  return {
    async send(to, body, opts = {}) {
      const id = await store.sms.enqueue({
        toMobile: to,
        body: '',
        kind: opts.kind ?? null,
        idempotencyKey: opts.idempotencyKey ?? null,
        expiresAt: null,
        status: 'sent',
        provider: 'log',
        sentAt: new Date().toISOString(),
      });
      if (id === undefined) return;
      // warn: a text that reaches no phone; shown at LOG_LEVEL=warn too
      log.warn({ sms: id, to: masked(to), kind: opts.kind, text: body }, 'SMS (log sender: written here, not sent)');
    },
  };
}

/** What the operator's `sms status` and /metrics show: rows per status, the oldest waiting, the latest problems. */
export async function smsStatus(store: Store, problems = 10) {
  const [counts, oldestPending, recent] = await Promise.all([
    store.sms.counts(),
    store.sms.oldestPending(),
    store.sms.problems(problems),
  ]);
  return {
    counts,
    oldestPending,
    problems: recent.map((r) => ({ ...r, toMobile: masked(r.toMobile) })),
  };
}
