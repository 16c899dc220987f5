import { finished, Readable } from 'node:stream';
import { type ApiPath, api, type EndpointDef, type Language } from '@loyalty/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, requireCustomer, requireMerchant } from '../core/caller';
import { AppError, ClientGone, forbidden, unauthenticated } from '../core/errors';
import type { Handler, HandlerContext, Handlers, ResolveCaller } from '../core/handler';
import { WorkQueue } from '../lib/work-queue';
import { lingerOnClose, multipartReader, normalizeFields, openDataEnvelope } from './body';

export const requestLanguage = (request: FastifyRequest): Language =>
  String(request.headers['accept-language'] ?? '')
    .trim()
    .toLowerCase()
    .startsWith('ar')
    ? 'ar'
    : 'en';

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return /^Bearer\s+(\S{1,511})$/i.exec(header)?.[1] ?? null;
}

/** The manager override PIN a staff member's call may carry (issue 27); taken out before the body is parsed. */
function extractOverridePin(fields: Record<string, unknown>): string | undefined {
  const pin = fields.overridePin;
  delete fields.overridePin;
  if (typeof pin === 'number') return String(pin);
  return typeof pin === 'string' && pin.length > 0 ? pin.slice(0, 64) : undefined;
}

function extractToken(request: FastifyRequest, fields: Record<string, unknown>): string | null {
  const fromBody = fields.token;
  delete fields.token;
  if (typeof fromBody === 'string' && fromBody.length > 0 && fromBody.length < 512) return fromBody;
  return bearerOf(request);
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
 * Large pages are read, mapped and written two at a time per process: each holds thousands of rows
 * and objects until it is serialized, then its JSON and the compressor's buffers until it is
 * written, and 32 at once grew the heap by ~200 MB for no more throughput (the work is CPU-bound on
 * one thread; bench/README.md, "Memory"). The others wait their turn, in order.
 */
const LARGE_PAGES_AT_ONCE = 2;

/**
 * Requests reading and handling files at once per process, and waiting for their turn (beyond: 503).
 * Each holds up to 5 files of 5 MB, and the image work after them.
 */
export const UPLOADS = { atOnce: 3, waiting: 20 };

export interface RegisterOptions {
  handlers: Handlers;
  resolveCaller: ResolveCaller;
  /** Check every response against the contract's response schema (tests). */
  validateResponses?: boolean;
  /** Uploads at once and waiting (UPLOADS by default). */
  uploads?: { atOnce: number; waiting: number };
  /**
   * The permission gate (issue 27): refuses a staff member's call their set does not allow (403
   * naming the permission) unless it carries a right override PIN; answers the merchant whose PIN it was.
   */
  gate?: (
    caller: Caller | null,
    path: string,
    overridePin: string | undefined,
    address: string,
  ) => Promise<number | undefined>;
}

/**
 * Registers every endpoint of the contract as `POST /api/<path>`. An endpoint without a handler
 * answers 501 — never a fake success. Answers the endpoints' bounded work by its name in /metrics:
 * uploads, and pages above 100 rows.
 */
export function registerEndpoints(
  app: FastifyInstance,
  opts: RegisterOptions,
): Record<'uploads' | 'large_pages', WorkQueue> {
  const largePages = new WorkQueue(LARGE_PAGES_AT_ONCE, Number.POSITIVE_INFINITY);
  const largePage = async <T>(request: FastifyRequest, reply: FastifyReply, read: () => Promise<T>): Promise<T> => {
    const release = await largePages.acquire();
    try {
      if (clientGone(request)) throw new ClientGone();
      const data = await read();
      // the place is given back once the answer is written, or its connection closed
      finished(reply.raw, release);
      return data;
    } catch (err) {
      release();
      throw err;
    }
  };
  const uploadLimits = opts.uploads ?? UPLOADS;
  const uploads = new WorkQueue(uploadLimits.atOnce, uploadLimits.waiting);
  for (const path of Object.keys(api) as ApiPath[]) {
    const def: EndpointDef = api[path];
    const handler = opts.handlers[path] as Handler<ApiPath> | undefined;
    /** The caller of a token, checked against the call's roles and the account's state. */
    const callerFor = async (token: string | null): Promise<Caller | null> => {
      const caller = token ? await opts.resolveCaller(token) : null;
      if (token && !caller && def.roles !== 'public') throw unauthenticated();
      authorize(def, caller);
      return caller;
    };
    const serve = async (
      request: FastifyRequest,
      reply: FastifyReply,
      fields: Record<string, unknown>,
      files: HandlerContext<ApiPath>['files'],
      known?: { caller: Caller | null },
    ) => {
      const token = extractToken(request, fields);
      const caller = known ? known.caller : await callerFor(token);
      const overridePin = extractOverridePin(fields);
      const overrideBy = opts.gate ? await opts.gate(caller, def.path, overridePin, request.ip) : undefined;
      if (!handler) throw new AppError(501, 'notImplemented');
      const body = def.body.parse(def.dataEnvelope ? openDataEnvelope(fields) : fields);
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
          return {
            ...requireMerchant(signedIn()),
            device: typeof ua === 'string' ? ua : undefined,
            ...(overrideBy !== undefined && { overrideBy }),
          };
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
      // a large page waits its turn and keeps it until its answer is written (its rows, its JSON and
      // the compressor's buffers: bench/README.md, "Memory"); a client that left meanwhile (a closed
      // tab, a timed-out app) no longer costs one: its page is not read
      const data =
        typeof limit === 'number' && limit > LARGE_PAGE
          ? await largePage(request, reply, () => handler(ctx))
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
    // a call with a body limit of its own (vitals): JSON and urlencoded bodies stop at it; multipart
    // is streamed part by part, so its declared length must be within it
    const maxBytes = def.maxBodyBytes;
    app.post(`/api/${def.path}`, maxBytes ? { bodyLimit: maxBytes } : {}, async (request, reply) => {
      if (!request.isMultipart()) return serve(request, reply, normalizeFields(request.body), []);
      // until the body has been read to its end, an answer ends the connection: a refusal (a file
      // on a call without files, an unknown caller, a part too large) leaves the rest unread, and a
      // connection kept alive would wait paused for ever (and hold up the server's close)
      reply.header('connection', 'close');
      const linger = lingerOnClose(request);
      if (maxBytes && !(Number(request.headers['content-length']) <= maxBytes))
        throw new AppError(413, 'payloadTooLarge');
      // no file is read before its caller is known (docs/security.md, "Bodies")
      const reader = multipartReader(request);
      const fields: Record<string, unknown> = {};
      const first = await reader.fieldsUntilFile(fields);
      if (!first) {
        reply.removeHeader('connection');
        linger.keep();
        return serve(request, reply, fields, []);
      }
      if (!def.files) throw new AppError(415, 'fileNotAccepted');
      // the header's token first; else a token field sent before the files
      const caller = await callerFor(bearerOf(request) ?? (typeof fields.token === 'string' ? fields.token : null));
      return uploads.run(async () => {
        const files = await reader.rest(first, fields);
        reply.removeHeader('connection');
        linger.keep();
        return serve(request, reply, fields, files, { caller });
      });
    });
    // a download is also a GET with the filters in the query (the token only in the header)
    if (def.format === 'csv')
      app.get(`/api/${def.path}`, async (request, reply) => {
        const fields: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
        delete fields.token;
        return serve(request, reply, fields, []);
      });
  }
  return { uploads, large_pages: largePages };
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
