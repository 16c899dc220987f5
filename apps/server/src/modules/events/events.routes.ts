/**
 * `GET /api/merchant/events` (DECISIONS §9; docs/architecture.md "Live feed"): a server-sent events
 * stream of new and changed requests in the caller's scope — the merchant every branch, staff their
 * branch, a courier their assignments. Replays from `Last-Event-ID`; heartbeats keep proxies from
 * closing it and re-check the session, so a stream ends soon after logout; shutdown ends every stream.
 */
import { FEED_PATH, type FeedEvent, STAFF_ROLES, type StaffRole } from '@loyalty/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireMerchant } from '../../core/caller';
import { forbidden, unauthenticated } from '../../core/errors';
import type { ResolveCaller } from '../../http/register';
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

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Bearer\s+(\S{1,511})$/i.exec(header);
    if (m) return m[1];
  }
  const q = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q.length > 0 && q.length < 512 ? q : null;
}

function lastEventIdOf(request: FastifyRequest): number | undefined {
  const raw = request.headers['last-event-id'] ?? (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const n = Number(typeof raw === 'string' ? raw : Number.NaN);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export interface FeedRouteOptions {
  hub: FeedHub;
  resolveCaller: ResolveCaller;
  /** Comment lines every this many ms (15 s). */
  heartbeatMs?: number;
}

export function registerFeedRoute(app: FastifyInstance, opts: FeedRouteOptions): void {
  const streams = new Set<() => void>();
  const heartbeatMs = opts.heartbeatMs ?? 15_000;

  // logLevel warn: the access line would carry a ?token= in its URL
  app.get(FEED_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const token = tokenOf(request);
    if (!token) throw unauthenticated();
    const caller = await opts.resolveCaller(token);
    if (!caller) throw unauthenticated();
    if (!STAFF_ROLES.includes(caller.role as StaffRole)) throw forbidden();
    if (caller.merchantStatus === 'suspended') throw forbidden('accountSuspended');
    if (caller.role === 'merchant' && caller.merchantStatus !== 'approved') throw forbidden('underReview');
    const m = requireMerchant(caller);
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
      opts.resolveCaller(token).then(
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
      res.end();
    };
    streams.add(end);
    request.raw.on('close', end);

    try {
      res.write('retry: 3000\n\n');
      if (afterId !== undefined) for (const e of await opts.hub.replay(scope, afterId)) write(e);
      else lastSent = await opts.hub.lastId();
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
