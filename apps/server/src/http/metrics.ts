/**
 * Prometheus metrics at GET /metrics (docs/deploy.md, "Metrics"), with prom-client:
 * - `http_requests_total{method,route,status_class}`: the request rate, per route pattern
 *   (`/api/merchant/offer/get`, `/uploads/*`; never the raw URL, so ids never become labels);
 * - `http_request_duration_seconds{method,route}`: latency histogram;
 * - `http_request_errors_total{method,route,status_class}`: answers 4xx and 5xx;
 * - `db_pool_connections{state}` on PostgreSQL: total, idle and waiting clients of the pool;
 * - `work_queue_tasks{queue,state}`: this process's bounded work, running and waiting in line (the
 *   sign-ins' hashes, the other hashes, uploads, pages above 100 rows); a full line answers 503;
 * - `http_requests_waiting_turn`: requests received and not yet begun (http/turns.ts: they begin in
 *   the order they came, one a turn of the event loop); more than a few for long means a saturated process;
 * - `sms_outbox_messages{status}`: texts in the outbox per status (pending, sent, failed, expired),
 *   read from the database at each scrape, and `sms_outbox_oldest_pending_seconds`;
 * - `sms_deliveries_total{provider,outcome}`: this process's sending attempts (sent, retry, failed, expired);
 * - `web_vitals_lcp_seconds`, `web_vitals_inp_seconds`, `web_vitals_cls{route,lang}`: browsers'
 *   reports of real page views (modules/vitals);
 * - Node's default process metrics, event-loop lag included (`nodejs_eventloop_lag_seconds`).
 * Each app has its own registry (tests build many apps in one process).
 *
 * Who may read them (docs/deploy.md, "Metrics"):
 * - on the main port, only a request with `Authorization: Bearer <METRICS_TOKEN>` (without a token
 *   set, nobody): whoever reaches the app reaches that port, a local proxy included;
 * - on the metrics listener (METRICS_PORT, on METRICS_HOST, 127.0.0.1 by default) a request made
 *   straight to it needs no token: who reaches it is decided by where it listens. A request that
 *   carries any proxy header (X-Forwarded-For, X-Real-IP, Forwarded, Via, …) was relayed from
 *   elsewhere and is remote: it needs the token there too.
 */
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';
import type { WorkQueue } from '../lib/work-queue';
import type { Outcome, SmsOutbox } from '../modules/sms/sms.service';
import type { Store } from '../repositories/registry';
import type { Turns } from './turns';

export interface MetricsOptions {
  token?: string;
  pool?: pg.Pool;
  /** The SMS outbox (its rows) and this process's worker, when it has one. */
  sms?: { store: Store; outbox?: SmsOutbox };
  /** The registry to fill and serve (the web vitals' histograms are in it too); a new one otherwise. */
  registry?: client.Registry;
  /** This process's bounded work queues, by name. */
  queues?: Record<string, Pick<WorkQueue, 'active' | 'waiting'>>;
  /** The line of requests waiting to begin (http/turns.ts). */
  turns?: Pick<Turns, 'waiting'>;
}

/** The outbox's gauges (from the database at each scrape) and this process's sending outcomes. */
function smsMetrics(registry: client.Registry, sms: NonNullable<MetricsOptions['sms']>) {
  new client.Gauge({
    name: 'sms_outbox_messages',
    help: 'Text messages in the outbox, by status (pending, sent, failed, expired)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      // a database that does not answer leaves the gauge as it was, not /metrics failing
      const counts = await sms.store.sms.counts().catch(() => undefined);
      for (const [status, n] of Object.entries(counts ?? {})) this.set({ status }, n);
    },
  });
  new client.Gauge({
    name: 'sms_outbox_oldest_pending_seconds',
    help: 'Age of the oldest text waiting to be sent (0 when none waits)',
    registers: [registry],
    async collect() {
      const oldest = await sms.store.sms.oldestPending().catch(() => undefined);
      this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
    },
  });
  const outbox = sms.outbox;
  if (!outbox) return;
  const seen = new Map<Outcome, number>();
  new client.Counter({
    name: 'sms_deliveries_total',
    help: "This process's attempts to send a text, by provider and outcome (sent, retry, failed, expired)",
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
    collect() {
      for (const [outcome, n] of outbox.outcomes()) {
        const delta = n - (seen.get(outcome) ?? 0);
        if (delta > 0) this.inc({ provider: outbox.provider, outcome }, delta);
        seen.set(outcome, n);
      }
    },
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Headers a proxy adds: a request carrying any of them came from somewhere else. */
export const PROXY_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'via',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'x-cluster-client-ip',
] as const;

export const relayed = (headers: IncomingHttpHeaders): boolean => PROXY_HEADERS.some((h) => headers[h] !== undefined);

/** Whether the request carries the metrics token. */
export function hasMetricsToken(headers: IncomingHttpHeaders, token: string | undefined): boolean {
  const auth = headers.authorization;
  return Boolean(token && auth?.startsWith('Bearer ') && sameSecret(auth.slice(7).trim(), token));
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): client.Registry {
  const registry = opts.registry ?? new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'http_request_errors_total',
    help: 'HTTP answers with a 4xx or 5xx status, by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = opts.pool;
  if (pool)
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool clients: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

  const queues = opts.queues;
  if (queues)
    new client.Gauge({
      name: 'work_queue_tasks',
      help: "This process's bounded work (hashes, uploads, large pages): tasks running and waiting in line",
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      collect() {
        for (const [queue, q] of Object.entries(queues)) {
          this.set({ queue, state: 'running' }, q.active);
          this.set({ queue, state: 'waiting' }, q.waiting);
        }
      },
    });
  const turns = opts.turns;
  if (turns)
    new client.Gauge({
      name: 'http_requests_waiting_turn',
      help: 'Requests received and not yet begun: they begin in the order they came, one a turn of the event loop',
      registers: [registry],
      collect() {
        this.set(turns.waiting);
      },
    });
  if (opts.sms) smsMetrics(registry, opts.sms);

  app.addHook('onResponse', async (request, reply) => {
    // the route's pattern; requests no route matched share one label
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    const cls = statusClass(reply.statusCode);
    requests.inc({ ...labels, status_class: cls });
    if (reply.statusCode >= 400) errors.inc({ ...labels, status_class: cls });
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  // the main port: the token, always
  app.get('/metrics', async (request, reply) => {
    if (!hasMetricsToken(request.headers, opts.token))
      return reply.code(403).header('cache-control', 'no-store').send({ message: 'Forbidden.' });
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
  return registry;
}

/**
 * The metrics listener (METRICS_PORT on METRICS_HOST): `GET /metrics` only, to a request made
 * straight to it, or to one carrying the token. Closed with the app.
 */
export async function startMetricsListener(
  app: FastifyInstance,
  registry: client.Registry,
  opts: { host: string; port: number; token?: string },
): Promise<{ url: string }> {
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics')
      return send(404, 'application/json', JSON.stringify({ message: 'Not found.' }));
    if (relayed(req.headers) && !hasMetricsToken(req.headers, opts.token))
      return send(403, 'application/json', JSON.stringify({ message: 'Forbidden.' }));
    registry.metrics().then(
      (body) => send(200, registry.contentType, body),
      () => send(500, 'application/json', JSON.stringify({ message: 'Metrics unavailable.' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { address, port } = server.address() as AddressInfo;
  return { url: `http://${address.includes(':') ? `[${address}]` : address}:${port}` };
}
