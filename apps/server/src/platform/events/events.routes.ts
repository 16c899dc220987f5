/**
 * `GET /api/merchant/events` (DECISIONS §9; docs/architecture.md "Live feed"): a server-sent events
 * stream of new and changed requests in the caller's scope — the merchant every branch, staff their
 * branch, a courier their assignments. Opened with the session token in the `Authorization` header,
 * or with a single-use ticket of `merchant/events/ticket` as `?ticket=`; a session token in the
 * query is refused (401): URLs end up in proxies' logs. Bounded (docs/security.md, "Live feed"): 3
 * streams per session, a maximum per process, and a replay from `Last-Event-ID` reads only the
 * caller's merchant's last FEED_LIMITS.replayMax events. Heartbeats keep proxies from closing it and
 * re-check the session, so a stream ends soon after logout; shutdown ends every stream.
 */
import { FEED_LIMITS, FEED_PATH, type FeedEvent, STAFF_ROLES, type StaffRole } from '@loyalty/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Caller, requireMerchant } from '../../core/caller';
import { AppError, forbidden, retryLater, unauthenticated } from '../../core/errors';
import type { ResolveCaller } from '../../core/handler';
import type { CounterEvent } from './events.repository';
import type { FeedHub, FeedScope } from './feed';

const toWire = (e: CounterEvent): FeedEvent => ({
  id: e.id,
  kind: e.kind,
  entityId: e.entityId,
  action: e.action,
  status: e.status,
  branchId: e.branchId,
  at: e.createdAt,
});

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

/** The caller of the stream: a bearer session token, or a ticket in the query; never a token there. */
async function callerOf(request: FastifyRequest, opts: FeedRouteOptions): Promise<Caller> {
  const query = queryOf(request);
  if (query.token !== undefined) throw new AppError(401, 'tokenInUrl');
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S{1,511})$/i.exec(header)?.[1] : undefined;
  const ticket = typeof query.ticket === 'string' && query.ticket.length < 512 ? query.ticket : undefined;
  const caller = bearer ? await opts.resolveCaller(bearer) : ticket ? await opts.redeemTicket(ticket) : null;
  if (!caller) throw unauthenticated();
  return caller;
}

function lastEventIdOf(request: FastifyRequest): number | undefined {
  const raw = request.headers['last-event-id'] ?? queryOf(request).lastEventId;
  const n = Number(typeof raw === 'string' ? raw : Number.NaN);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export interface FeedRouteOptions {
  hub: FeedHub;
  resolveCaller: ResolveCaller;
  /** The caller of a stream ticket, using it up (null: unknown, expired, used, or its session ended). */
  redeemTicket: (ticket: string) => Promise<Caller | null>;
  /** Whether a stream's session still stands (not a use of it). */
  stillLive: (sessionId: number) => Promise<Caller | null>;
  /** Comment lines every this many ms (15 s). */
  heartbeatMs?: number;
  /** Open streams this process serves at most (FEED_MAX_STREAMS, 2000). */
  maxStreams?: number;
}

export const FEED_MAX_STREAMS = 2000;

/**
 * A stream opened without a Last-Event-ID (the first since sign-in) says `reset` when the caller's
 * scope changed while the page was loading: a page reads its lists and then opens its stream, and a
 * change in between is in neither (docs/architecture.md "Live feed"). The page says how long it has
 * been loading (`?pageAge=` ms, the web app's `performance.now()`, so no clocks are compared); the
 * window is that, at most FRESH_WINDOW.maxMs, plus FRESH_WINDOW.marginMs for the way here; a client
 * that does not say gets FRESH_WINDOW.unsaidMs.
 */
export const FRESH_WINDOW = { maxMs: 60_000, marginMs: 1_000, unsaidMs: 20_000 } as const;

function freshWindowOf(request: FastifyRequest): number {
  const raw = queryOf(request).pageAge;
  const age = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : FRESH_WINDOW.unsaidMs;
  return Math.min(age, FRESH_WINDOW.maxMs) + FRESH_WINDOW.marginMs;
}

export function registerFeedRoute(app: FastifyInstance, opts: FeedRouteOptions): void {
  const streams = new Set<() => void>();
  const perSession = new Map<number, number>();
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const maxStreams = opts.maxStreams ?? FEED_MAX_STREAMS;

  app.get(FEED_PATH, async (request, reply) => {
    const caller = await callerOf(request, opts);
    if (!STAFF_ROLES.includes(caller.role as StaffRole)) throw forbidden();
    if (caller.merchantStatus === 'suspended') throw forbidden('accountSuspended');
    if (caller.role === 'merchant' && caller.merchantStatus !== 'approved') throw forbidden('underReview');
    const m = requireMerchant(caller);
    if ((perSession.get(m.sessionId) ?? 0) >= FEED_LIMITS.streamsPerSession) throw retryLater(429, 'tooManyStreams', 5);
    if (streams.size >= maxStreams) throw retryLater(503, 'busy', 5);
    const scope: FeedScope =
      m.role === 'delivery'
        ? { merchantId: m.merchantId, employeeId: m.id }
        : { merchantId: m.merchantId, branchId: m.branchId };
    const afterId = lastEventIdOf(request);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let lastSent = 0;
    let buffered: CounterEvent[] | null = [];
    let ended = false;
    const write = (e: CounterEvent) => {
      if (ended || e.id <= lastSent) return;
      lastSent = e.id;
      res.write(`id: ${e.id}\ndata: ${JSON.stringify(toWire(e))}\n\n`);
    };
    const unsubscribe = opts.hub.subscribe(scope, (e) => (buffered ? buffered.push(e) : write(e)));
    const heartbeat = setInterval(() => {
      if (ended) return;
      res.write(': ping\n\n');
      opts.stillLive(m.sessionId).then(
        (still) => {
          if (!still) end();
        },
        () => undefined,
      );
    }, heartbeatMs);
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
      const left = (perSession.get(m.sessionId) ?? 1) - 1;
      if (left > 0) perSession.set(m.sessionId, left);
      else perSession.delete(m.sessionId);
      res.end();
    };
    streams.add(end);
    perSession.set(m.sessionId, (perSession.get(m.sessionId) ?? 0) + 1);
    request.raw.on('close', end);

    try {
      res.write('retry: 3000\n\n');
      const replay = afterId === undefined ? undefined : await opts.hub.replay(scope, afterId, FEED_LIMITS.replayMax);
      if (replay && !replay.tooFar) {
        for (const e of replay.events) write(e);
        // what the client has seen is not sent again, even when the hub delivers it late (written
        // by another process, read by the slow poll); an id past the table's end counts as its end
        lastSent = Math.max(lastSent, Math.min(afterId ?? 0, await opts.hub.lastId()));
      } else {
        lastSent = Math.max(lastSent, await opts.hub.lastId());
        // missed more than a replay gives, or (a stream with nowhere to resume from) a change in the
        // caller's scope just before it opened, which the page's lists may have been read before:
        // the client reloads what it shows
        const reload =
          replay?.tooFar || (afterId === undefined && (await opts.hub.changedLately(scope, freshWindowOf(request))));
        if (reload && !ended)
          res.write(`id: ${lastSent}\nevent: reset\ndata: ${JSON.stringify({ lastId: lastSent })}\n\n`);
      }
      const pending = buffered ?? [];
      buffered = null;
      for (const e of pending.sort((a, b) => a.id - b.id)) write(e);
      if (!ended) res.write(`id: ${lastSent}\nevent: ready\ndata: ${JSON.stringify({ lastId: lastSent })}\n\n`);
    } catch (err) {
      request.log.warn({ err }, 'live feed: replay failed');
      end();
    }
  });

  // app.close() waits for open connections: end the streams first so shutdown is not held up
  app.addHook('preClose', (done) => {
    for (const end of [...streams]) end();
    done();
  });
}
