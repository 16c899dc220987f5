import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { LIMITS, messageText } from '@loyalty/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { compose, type Services } from './compose';
import type { DbHandle } from './db/dialect';
import type { Deps } from './deps';
import { MAX_FILES_PER_REQUEST } from './http/body';
import type { Handlers } from './http/context';
import { installErrorHandler } from './http/error-handler';
import { registerEndpoints, requestLanguage } from './http/register';
import { type HashCost, type HashingLimits, PRODUCTION_COST } from './lib/password';
import { authRoutes } from './modules/auth/auth.routes';
import type { SmsSender } from './modules/auth/sms';
import { branchesRoutes } from './modules/branches/branches.routes';
import { customerRoutes } from './modules/customer/customer.routes';
import { customerRequestsRoutes } from './modules/customer-requests/customer-requests.routes';
import { offerRequestsRoutes } from './modules/offer-requests/offer-requests.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { productsRoutes } from './modules/products/products.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { redeemsRoutes } from './modules/redeems/redeems.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { tagsRoutes } from './modules/tags/tags.routes';

export interface AppOptions {
  database: DbHandle;
  dataDir: string;
  /** Folder of the built web app; served at / when it exists. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  sms?: SmsSender;
  hashCost?: HashCost;
  /** Password hashes at once and in line (docs/security.md); the default suits production. */
  hashing?: HashingLimits;
  sessionTtlMs?: number;
  loginLimits?: Deps['loginLimits'];
  validateResponses?: boolean;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy?: boolean;
  /** Settings handed to the web app at /api/config. */
  publicConfig?: Record<string, unknown>;
}

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
};
const CSP =
  "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; font-src 'self' data:; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; deps: Deps; services: Services }> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    genReqId: () => crypto.randomUUID(),
  });

  const uploadsDir = path.join(opts.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });

  const { deps, services } = compose({
    database: opts.database,
    dataDir: opts.dataDir,
    uploadsDir,
    log: app.log,
    sms: opts.sms,
    hashCost: opts.hashCost ?? PRODUCTION_COST,
    hashing: opts.hashing,
    sessionTtlMs: opts.sessionTtlMs ?? 30 * 24 * 3600 * 1000,
    loginLimits: opts.loginLimits,
  });

  // external plugins
  await app.register(formbody);
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.imageMaxBytes,
      files: MAX_FILES_PER_REQUEST,
      fields: 100,
      fieldSize: 64 * 1024,
      parts: 120,
    },
  });
  installErrorHandler(app);

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      reply.header('content-security-policy', CSP);
    return payload;
  });

  // routes: each module maps the contract's calls to its service
  const handlers: Handlers = {
    ...authRoutes(services.auth),
    ...profileRoutes(services.profile),
    ...customerRoutes(services.customers),
    ...staffRoutes(services.staff),
    ...branchesRoutes(services.branches),
    ...tagsRoutes(services.tags),
    ...offersRoutes(services.offers),
    ...productsRoutes(services.products),
    ...offerRequestsRoutes(services.offerRequests),
    ...redeemsRoutes(services.redeems),
    ...customerRequestsRoutes(services.browse, services.offerRequests, services.redeems),
  };
  registerEndpoints(app, {
    handlers,
    resolveCaller: services.auth.resolveCaller,
    validateResponses: opts.validateResponses,
  });

  app.get('/api/health', async () => ({ data: { status: 'ok', database: deps.kind } }));
  app.get('/api/config', async () => ({ data: opts.publicConfig ?? {} }));

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '30d',
    immutable: true,
  });

  const webDist = opts.webDist;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : undefined;
  if (webDist && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The web app's routes fall back to index.html; /api and /uploads keep their JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isAppRoute =
      request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/uploads/') && !path.extname(url);
    if (isAppRoute && indexHtml && fs.existsSync(indexHtml)) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexHtml));
    }
    if (isAppRoute) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Not built</title><p>The web app is not built yet: run <code>npm run build</code>.</p>',
        );
    }
    return reply.code(404).send({ message: messageText('routeNotFound', requestLanguage(request)) });
  });

  return { app, deps, services };
}
