import { Readable } from 'node:stream';
import { type ApiPath, api, type EndpointDef, type Language } from '@loyalty/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, requireCustomer, requireMerchant } from '../core/caller';
import { AppError, ClientGone, forbidden, unauthenticated } from '../core/errors';
import { WorkQueue } from '../lib/work-queue';
import { readBody } from './body';
import type { Handler, HandlerContext, Handlers } from './context';

export type ResolveCaller = (token: string) => Promise<Caller | null>;

export const requestLanguage = (request: FastifyRequest): Language =>
  String(request.headers['accept-language'] ?? '')
    .trim()
    .toLowerCase()
    .startsWith('ar')
    ? 'ar'
    : 'en';

function extractToken(request: FastifyRequest, fields: Record<string, unknown>): string | null {
  const fromBody = fields.token;
  delete fields.token;
  if (typeof fromBody === 'string' && fromBody.length > 0 && fromBody.length < 512) return fromBody;
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Bearer\s+(\S{1,511})$/i.exec(header);
    if (m) return m[1];
  }
  return null;
}

/** Whether the client has closed its connection (a request cannot be answered any more). */
export const clientGone = (request: FastifyRequest): boolean => request.raw.socket?.destroyed === true;

/** Role and account-state checks (docs/security.md, docs/domain.md scope). */
function authorize(def: EndpointDef, caller: Caller | null): void {
  if (def.roles === 'public') return;
  if (!caller) throw unauthenticated();
  if (!def.roles.includes(caller.role)) throw forbidden();
  if (caller.merchantStatus === 'suspended') throw forbidden('accountSuspended');
  if (caller.role === 'merchant' && caller.merchantStatus !== 'approved' && !def.allowUnapproved)
    throw forbidden('underReview');
  if (caller.role === 'user' && caller.mustChangePassword && !def.allowPasswordChange)
    throw forbidden('mustChangePassword');
}

/** A page above this many rows is a large page (SPEC's lists ask for up to 1000). */
export const LARGE_PAGE = 100;
/**
 * Large pages are read and mapped two at a time per process: each holds thousands of rows and
 * objects until it is serialized, and 32 at once grew the heap by ~200 MB for no more throughput
 * (the work is CPU-bound on one thread; bench/README.md, "Memory"). The others wait their turn.
 */
const LARGE_PAGES_AT_ONCE = 2;

export interface RegisterOptions {
  handlers: Handlers;
  resolveCaller: ResolveCaller;
  /** Check every response against the contract's response schema (tests). */
  validateResponses?: boolean;
}

/**
 * Registers every endpoint of the contract as `POST /api/<path>`. An endpoint without a handler
 * answers 501 — never a fake success.
 */
export function registerEndpoints(app: FastifyInstance, opts: RegisterOptions): void {
  const largePages = new WorkQueue(LARGE_PAGES_AT_ONCE, Number.POSITIVE_INFINITY);
  for (const path of Object.keys(api) as ApiPath[]) {
    const def: EndpointDef = api[path];
    const handler = opts.handlers[path] as Handler<ApiPath> | undefined;
    const serve = async (
      request: FastifyRequest,
      reply: FastifyReply,
      fields: Record<string, unknown>,
      files: HandlerContext<ApiPath>['files'],
    ) => {
      const token = extractToken(request, fields);
      const caller = token ? await opts.resolveCaller(token) : null;
      if (token && !caller && def.roles !== 'public') throw unauthenticated();
      authorize(def, caller);
      if (!handler) throw new AppError(501, 'notImplemented');
      const body = def.body.parse(fields);
      const signedIn = (): Caller => {
        if (!caller) throw unauthenticated();
        return caller;
      };
      const ctx: HandlerContext<ApiPath> = {
        body: body as never,
        get caller() {
          return signedIn();
        },
        get merchant() {
          const ua = request.headers['user-agent'];
          return { ...requireMerchant(signedIn()), device: typeof ua === 'string' ? ua : undefined };
        },
        get customer() {
          return requireCustomer(signedIn());
        },
        optionalCaller: caller,
        files,
        request,
        lang: requestLanguage(request),
      };
      const limit = (body as { limit?: unknown } | undefined)?.limit;
      // a large page waits its turn; a client that left meanwhile (a closed tab, a timed-out app)
      // no longer costs one: its page is not read
      const data =
        typeof limit === 'number' && limit > LARGE_PAGE
          ? await largePages.run(() => {
              if (clientGone(request)) throw new ClientGone();
              return handler(ctx);
            })
          : await handler(ctx);
      if (def.format === 'csv') return sendCsv(reply, def.path, data as unknown as AsyncIterable<string>);
      if (opts.validateResponses) {
        const check = def.response.safeParse(data);
        if (!check.success)
          throw new Error(
            `Response of ${def.path} breaks the contract: ${JSON.stringify(check.error.issues.slice(0, 5))}`,
          );
      }
      reply.header('cache-control', 'no-store');
      return { data };
    };
    app.post(`/api/${def.path}`, async (request, reply) => {
      const { fields, files } = await readBody(request, Boolean(def.files));
      return serve(request, reply, fields, files);
    });
    // a download is also a GET with the filters in the query (the token only in the header)
    if (def.format === 'csv')
      app.get(`/api/${def.path}`, async (request, reply) => {
        const fields: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
        delete fields.token;
        return serve(request, reply, fields, []);
      });
  }
}

/** Streams a CSV answer (docs/domain.md, "Exports"): chunks go out as they are made, never all at once. */
function sendCsv(reply: FastifyReply, path: string, chunks: AsyncIterable<string>) {
  const name = path.split('/').pop() ?? 'export.csv';
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  return reply.send(Readable.from(chunks));
}
