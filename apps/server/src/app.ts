import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { LIMITS } from '@loyalty/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DbHandle } from './db/dialect';
import type { Deps } from './deps';
import { MAX_FILES_PER_REQUEST } from './http/body';
import type { Handlers } from './http/context';
import { installErrorHandler } from './http/error-handler';
import { registerEndpoints } from './http/register';
import { registerSecurityHeaders } from './http/security';
import { registerStatic } from './http/static';
import { type HashCost, PRODUCTION_COST } from './lib/password';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { outboxSmsSender, type SmsSender } from './modules/auth/sms';
import { branchesRoutes } from './modules/branches/branches.routes';
import { branchesService } from './modules/branches/branches.service';
import { customerRoutes } from './modules/customer/customer.routes';
import { customerService } from './modules/customer/customer.service';
import { customerRequestsRoutes } from './modules/customer-requests/customer-requests.routes';
import { customerRequestsService } from './modules/customer-requests/customer-requests.service';
import { offerRequestsRoutes } from './modules/offer-requests/offer-requests.routes';
import { offerRequestsService } from './modules/offer-requests/offer-requests.service';
import { offersRoutes } from './modules/offers/offers.routes';
import { offersService } from './modules/offers/offers.service';
import { productsRoutes } from './modules/products/products.routes';
import { productsService } from './modules/products/products.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { profileService } from './modules/profile/profile.service';
import { redeemsRoutes } from './modules/redeems/redeems.routes';
import { redeemsService } from './modules/redeems/redeems.service';
import { staffRoutes } from './modules/staff/staff.routes';
import { staffService } from './modules/staff/staff.service';
import { tagsRoutes } from './modules/tags/tags.routes';
import { tagsService } from './modules/tags/tags.service';

export interface AppOptions {
  database: DbHandle;
  dataDir: string;
  /** Folder of the built web app; served at / when it exists. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  sms?: SmsSender;
  hashCost?: HashCost;
  sessionTtlMs?: number;
  loginLimits?: Deps['loginLimits'];
  validateResponses?: boolean;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy?: boolean;
  /** Send Strict-Transport-Security (only when served over HTTPS). */
  hsts?: boolean;
  /** Settings handed to the web app at /api/config. */
  publicConfig?: Record<string, unknown>;
}

export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    genReqId: () => crypto.randomUUID(),
  });

  const uploadsDir = path.join(opts.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });

  const deps: Deps = {
    db: opts.database.db,
    kind: opts.database.kind,
    log: app.log,
    sms: opts.sms ?? outboxSmsSender(opts.database.db, app.log),
    hashCost: opts.hashCost ?? PRODUCTION_COST,
    dataDir: opts.dataDir,
    uploadsDir,
    sessionTtlMs: opts.sessionTtlMs ?? 30 * 24 * 3600 * 1000,
    loginLimits: opts.loginLimits ?? { perPhone: 5, perAddress: 30, windowMs: 15 * 60 * 1000 },
  };

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

  await registerSecurityHeaders(app, { hsts: opts.hsts });

  // app services and routes
  const auth = authService(deps);
  const handlers: Handlers = {
    ...authRoutes(auth),
    ...profileRoutes(profileService(deps)),
    ...customerRoutes(customerService(deps)),
    ...staffRoutes(staffService(deps)),
    ...branchesRoutes(branchesService(deps)),
    ...tagsRoutes(tagsService(deps)),
    ...offersRoutes(offersService(deps)),
    ...productsRoutes(productsService(deps)),
    ...requestHandlers(deps),
  };
  registerEndpoints(app, { handlers, resolveCaller: auth.resolveCaller, validateResponses: opts.validateResponses });

  app.get('/api/health', async () => ({ data: { status: 'ok', database: deps.kind } }));
  app.get('/api/config', async () => ({ data: opts.publicConfig ?? {} }));

  // uploads, the built web app and its shell for app routes; JSON 404s under /api and /uploads
  await registerStatic(app, { uploadsDir, webDist: opts.webDist });

  return { app, deps };
}

/** Offer requests, redeems and the customer calls that create them (one set of services). */
function requestHandlers(deps: Deps): Handlers {
  const offerRequests = offerRequestsService(deps);
  const redeems = redeemsService(deps);
  return {
    ...offerRequestsRoutes(offerRequests),
    ...redeemsRoutes(redeems),
    ...customerRequestsRoutes(customerRequestsService(deps), offerRequests, redeems),
  };
}
