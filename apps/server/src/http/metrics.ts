/**
 * Prometheus metrics at GET /metrics (docs/deploy.md, "Metrics"), with prom-client:
 * - `http_requests_total{method,route,status_class}`: the request rate, per route pattern
 *   (`/api/merchant/offer/get`, `/uploads/*`; never the raw URL, so ids never become labels);
 * - `http_request_duration_seconds{method,route}`: latency histogram;
 * - `http_request_errors_total{method,route,status_class}`: answers 4xx and 5xx;
 * - `db_pool_connections{state}` on PostgreSQL: total, idle and waiting clients of the pool;
 * - Node's default process metrics, event-loop lag included (`nodejs_eventloop_lag_seconds`).
 * Each app has its own registry (tests build many apps in one process).
 *
 * Who may read them: a request with `Authorization: Bearer <METRICS_TOKEN>`, or one made straight
 * from the loopback interface (no X-Forwarded-For/Forwarded header, so a request relayed by a
 * proxy on the same machine is not taken for a local one).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';

export interface MetricsOptions {
  token?: string;
  pool?: pg.Pool;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (token && auth?.startsWith('Bearer ') && sameSecret(auth.slice(7).trim(), token)) return true;
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): client.Registry {
  const registry = new client.Registry();
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

  app.addHook('onResponse', async (request, reply) => {
    // the route's pattern; requests no route matched share one label
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    const cls = statusClass(reply.statusCode);
    requests.inc({ ...labels, status_class: cls });
    if (reply.statusCode >= 400) errors.inc({ ...labels, status_class: cls });
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (!metricsAllowed(request, opts.token))
      return reply.code(403).header('cache-control', 'no-store').send({ message: 'Forbidden.' });
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
  return registry;
}
