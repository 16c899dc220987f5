import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { LIMITS } from '@loyalty/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import { type ComposeOptions, compose, type QrKeySettings, type Services } from './compose';
import type { Deps, SessionIdle } from './core/deps';
import { mergeHandlers } from './core/handler';
import { type DbHandle, privateFolder } from './db/dialect';
import { registerAdmin } from './http/admin';
import { MAX_FIELD_BYTES, MAX_FILES_PER_REQUEST } from './http/body';
import { COMPRESSION } from './http/compression';
import { installErrorHandler } from './http/error-handler';
import { loggerOptions } from './http/logging';
import { registerMetrics, startMetricsListener } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerEndpoints } from './http/register';
import { registerSecurityHeaders } from './http/security';
import { registerStatic, webPagesHtml } from './http/static';
import { registerTurns } from './http/turns';
import { type HashCost, type HashingLimits, PRODUCTION_COST } from './lib/password';
import { activityRoutes } from './modules/activity/activity.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { SESSION_TTL_MS } from './modules/auth/sessions';
import { connectRedis, redisReady, redisThrottleStore } from './modules/auth/throttle-redis.repository';
import { branchesRoutes } from './modules/branches/branches.routes';
import { cardsRoutes } from './modules/cards/cards.routes';
import { customerRoutes } from './modules/customer/customer.routes';
import { customerRequestsRoutes } from './modules/customer-requests/customer-requests.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { offerRequestsRoutes } from './modules/offer-requests/offer-requests.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { packagesRoutes } from './modules/packages/packages.routes';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { acceptSweeper } from './modules/product-requests/accept-in-time.service';
import { productRequestsRoutes } from './modules/product-requests/product-requests.routes';
import { productsRoutes } from './modules/products/products.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { pushRoutes } from './modules/push/push.routes';
import type { PushOptions } from './modules/push/push.service';
import { qrRoutes } from './modules/qr/qr.routes';
import { redeemsRoutes } from './modules/redeems/redeems.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { settlementsRoutes } from './modules/settlements/settlements.routes';
import type { OutboxOptions, SmsSender } from './modules/sms/sms.service';
import type { SmsProvider } from './modules/sms/sms-provider';
import { staffRoutes } from './modules/staff/staff.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { vitalsRoutes } from './modules/vitals/vitals.routes';
import { vitalsService } from './modules/vitals/vitals.service';
import { registerFeedRoute } from './platform/events/events.routes';
import { feedHub } from './platform/events/feed';
import { localStorage, type S3Settings, s3Storage } from './platform/images/storage';

export interface AppOptions {
  database: DbHandle;
  dataDir: string;
  /** Folder of the built web app; served at / when it exists. */
  webDist?: string;
  /** Logs as JSON lines at this level (http/logging.ts: request ids, nothing personal); none when absent. */
  log?: { level: string; stream?: { write(line: string): void } };
  /** The bearer token that opens /metrics (METRICS_TOKEN); on the main port nothing else does. */
  metricsToken?: string;
  /** A listener of its own for /metrics (METRICS_PORT on METRICS_HOST), where a direct request needs no token. */
  metricsListener?: { host: string; port: number };
  /** Replaces the SMS sender (most tests collect texts in memory). */
  sms?: SmsSender;
  /** Sends the outbox's texts (SMS_PROVIDER twilio or unifonic); without it texts go to the log. */
  smsProvider?: SmsProvider;
  /** The outbox worker's timings (tests make them short). */
  outbox?: OutboxOptions;
  hashCost?: HashCost;
  /** Password hashes at once and in line (docs/security.md); the default suits production. */
  hashing?: HashingLimits;
  /** A session's absolute lifetime (SESSION_DAYS, 30 days). */
  sessionTtlMs?: number;
  /** How long an unused session lasts, by role (SESSION_IDLE_HOURS, SESSION_IDLE_HOURS_STAFF). */
  sessionIdle?: SessionIdle;
  loginLimits?: Deps['loginLimits'];
  validateResponses?: boolean;
  /** Take the client address from X-Forwarded-For as one reverse proxy you run appended it. */
  trustProxy?: boolean;
  /** Send Strict-Transport-Security (only when served over HTTPS). */
  hsts?: boolean;
  /** Settings handed to the web app at /api/config. */
  publicConfig?: Record<string, unknown>;
  /** Keep uploaded images in this S3-compatible bucket instead of DATA_DIR/uploads (S3_BUCKET). */
  s3?: S3Settings;
  /** The payment gateway; the built-in test gateway when absent. */
  payments?: Deps['payments'];
  /** Live feed: heartbeat interval (15 s) and safety poll (5 s), shorter in tests; open streams at most (FEED_MAX_STREAMS). */
  feed?: { heartbeatMs?: number; pollMs?: number; maxStreams?: number };
  /** The accept-in-time sweep's interval (docs/domain.md "Accepting in time"); off when absent or 0 (most tests sweep by hand). */
  acceptSweepMs?: number;
  /** Web Push settings: the VAPID subject; tests allow plain-http loopback push endpoints. */
  push?: PushOptions;
  /** QR signing keys from the environment (QR_SIGNING_KEY…), else rotatable keys in the database. */
  qrKeys?: QrKeySettings;
  /** OPERATOR_SECRET_KEY (…_PREVIOUS): seal the operators' TOTP secrets; else a key kept in the database. */
  operatorSecretKeys?: ComposeOptions['operatorSecretKeys'];
  /** Uploads read and handled at once per process, and waiting (UPLOADS of http/register.ts by default). */
  uploads?: { atOnce: number; waiting: number };
  /** Count the sign-in limits in Redis (REDIS_URL) under this key prefix, instead of the database. */
  redis?: { url: string; keyPrefix?: string };
}

export async function buildApp(
  opts: AppOptions,
): Promise<{ app: FastifyInstance; deps: Deps; services: Services; metricsUrl?: string }> {
  const app = Fastify({
    logger: opts.log ? loggerOptions(opts.log.level, opts.log.stream) : false,
    bodyLimit: 1024 * 1024,
    // one proxy (hop 0, the peer): the client is the address it appended to X-Forwarded-For (the
    // last one), never what the client wrote there itself (which would escape the sign-in limits)
    trustProxy: opts.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
    genReqId: () => crypto.randomUUID(),
  });
  // before any other hook: requests begin in the order they came (http/turns.ts)
  const turns = registerTurns(app);

  const uploadsDir = path.join(opts.dataDir, 'uploads');
  privateFolder(opts.dataDir);
  privateFolder(uploadsDir);
  const storage = opts.s3 ? s3Storage(opts.s3) : localStorage(uploadsDir);

  // sign-in limits in Redis when REDIS_URL is set (closed with the app), else in the database
  const redis = opts.redis ? await connectRedis(opts.redis.url, opts.redis.keyPrefix) : undefined;
  if (redis) {
    redis.on('error', () => {
      /* reported per refused request below; the client reconnects by itself */
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // sign-ins wait for the first connection (5 s at most); until Redis answers they are refused
    if (!(await redisReady(redis, 5000)))
      app.log.error('redis: not answering at start; sign-ins refused until it does');
  }

  const { deps, services } = compose({
    database: opts.database,
    dataDir: opts.dataDir,
    uploadsDir,
    storage,
    log: app.log,
    sms: opts.sms,
    smsProvider: opts.smsProvider,
    outbox: opts.outbox,
    hashCost: opts.hashCost ?? PRODUCTION_COST,
    hashing: opts.hashing,
    sessionTtlMs: opts.sessionTtlMs ?? SESSION_TTL_MS,
    sessionIdle: opts.sessionIdle,
    loginLimits: opts.loginLimits,
    throttleStore: redis
      ? redisThrottleStore(redis, (err) => app.log.error({ err }, 'redis: sign-in limits unavailable, refusing'))
      : undefined,
    payments: opts.payments,
    push: opts.push,
    qrKeys: opts.qrKeys,
    operatorSecretKeys: opts.operatorSecretKeys,
  });

  // external plugins
  await app.register(compress, COMPRESSION);
  await app.register(formbody);
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.imageMaxBytes,
      files: MAX_FILES_PER_REQUEST,
      fields: 100,
      fieldSize: MAX_FIELD_BYTES,
      parts: 120,
    },
  });
  installErrorHandler(app);

  await registerSecurityHeaders(app, { hsts: opts.hsts, pagesHtml: webPagesHtml(opts.webDist) });

  // /metrics' registry: the request metrics (registerMetrics) and the browsers' web vitals
  const metricsRegistry = new client.Registry();
  // routes: each module maps the contract's calls to its service; a call that two modules answer
  // stops the start (mergeHandlers)
  const handlers = mergeHandlers(
    authRoutes(services.auth),
    profileRoutes(services.profile),
    customerRoutes(services.customers),
    staffRoutes(services.staff),
    branchesRoutes(services.branches),
    tagsRoutes(services.tags),
    offersRoutes(services.offers),
    productsRoutes(services.products),
    offerRequestsRoutes(services.offerRequests),
    redeemsRoutes(services.redeems),
    customerRequestsRoutes(services.browse, services.offerRequests, services.redeems, services.qr),
    productRequestsRoutes(
      services.productRequests,
      services.deliveries,
      services.customerOrders,
      services.qr,
      services.idempotency,
      services.acceptInTime,
      services.tracking,
    ),
    qrRoutes(services.qr),
    exportsRoutes(services.exports),
    cardsRoutes(services.cards),
    packagesRoutes(services.packages),
    settlementsRoutes(services.settlements),
    reportsRoutes(services.reports),
    activityRoutes(services.activity),
    permissionsRoutes(services.permissions),
    pushRoutes(services.push),
    ticketsRoutes(services.tickets),
    vitalsRoutes(vitalsService(metricsRegistry)),
  );
  const endpointWork = registerEndpoints(app, {
    handlers,
    resolveCaller: services.auth.resolveCaller,
    gate: services.permissions.gate,
    validateResponses: opts.validateResponses,
    uploads: opts.uploads,
  });

  // the live feed (docs/architecture.md "Live feed")
  const hub = feedHub({
    store: deps.store,
    log: app.log,
    connectionString: opts.database.connectionString,
    pgSchema: opts.database.pgSchema,
    pollMs: opts.feed?.pollMs,
  });
  await hub.start().catch((err) => app.log.warn({ err }, 'live feed: not started'));
  app.addHook('onClose', async () => hub.close());
  registerFeedRoute(app, {
    hub,
    resolveCaller: services.auth.resolveCaller,
    redeemTicket: services.auth.redeemStreamTicket,
    stillLive: services.auth.stillLive,
    heartbeatMs: opts.feed?.heartbeatMs,
    maxStreams: opts.feed?.maxStreams,
  });
  // the accept-in-time sweep: stopped (its pass finished) before the pushes it sent are awaited
  if (opts.acceptSweepMs) {
    const sweeper = acceptSweeper(services.acceptInTime, app.log, opts.acceptSweepMs);
    sweeper.start();
    app.addHook('onClose', async () => sweeper.stop());
  }
  // background push deliveries and the text being sent finish before the database closes
  app.addHook('onClose', async () => services.push.idle());
  const outbox = services.smsOutbox;
  if (outbox) {
    outbox.start();
    app.addHook('onClose', async () => outbox.stop());
  }
  registerAdmin(app, services);
  registerOpenApi(app);
  const registry = registerMetrics(app, {
    token: opts.metricsToken,
    pool: opts.database.pool,
    sms: { store: deps.store, outbox },
    registry: metricsRegistry,
    queues: { sign_in_hashes: deps.passwords.queue, other_hashes: deps.passwords.others, ...endpointWork },
    turns,
  });
  const metricsUrl = opts.metricsListener
    ? (await startMetricsListener(app, registry, { ...opts.metricsListener, token: opts.metricsToken })).url
    : undefined;

  // for load balancers and monitors: 200 when the database answers (within 2 s), 503 otherwise
  app.get('/api/health', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(opts.database.db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 2 s')), 2_000);
        }),
      ]);
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'health check: the database does not answer');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ message: 'The database does not answer.', data: { status: 'unavailable', database: deps.kind } });
    } finally {
      clearTimeout(timer);
    }
    return reply.header('cache-control', 'no-store').send({ data: { status: 'ok', database: deps.kind } });
  });
  app.get('/api/config', async () => ({ data: opts.publicConfig ?? {} }));

  // uploads, the built web app and its shell for app routes; JSON 404s under /api and /uploads
  await registerStatic(app, { uploadsDir, storage, webDist: opts.webDist });

  return { app, deps, services, metricsUrl };
}
