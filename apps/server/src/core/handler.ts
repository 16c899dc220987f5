/**
 * What a module's routes are written against: the handler of a contract endpoint and the context it
 * receives (the parsed body, the narrowed caller, the uploaded files). `http/register.ts` builds the
 * context; modules only see these types, so no module imports `http/`.
 */
import type { ApiParsedBody, ApiPath, ApiResponse, Language } from '@loyalty/contract';
import type { FastifyRequest } from 'fastify';
import type { Caller, CustomerCaller, MerchantCaller } from './caller';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface HandlerContext<P extends ApiPath> {
  body: ApiParsedBody<P>;
  /** The caller; throws 401 when there is none (only public endpoints can get here without one). */
  caller: Caller;
  optionalCaller: Caller | null;
  /** The caller narrowed to a merchant or its staff (403 for anyone else). */
  merchant: MerchantCaller;
  /** The caller narrowed to a customer (403 for anyone else). */
  customer: CustomerCaller;
  files: UploadedFile[];
  request: FastifyRequest;
  lang: Language;
}

export type Handler<P extends ApiPath> = (ctx: HandlerContext<P>) => Promise<ApiResponse<P>>;
/** The caller of a session token (null: unknown, expired, idle, or its account is inactive). */
export type ResolveCaller = (token: string) => Promise<Caller | null>;

export type Handlers = { [P in ApiPath]?: Handler<P> };

/**
 * The handlers of every module's routes as one map. Two modules answering the same call is a
 * mistake a spread would hide (the later one silently wins): this throws at start, naming the call,
 * so the app (and every server test) fails to build.
 */
export function mergeHandlers(...groups: Handlers[]): Handlers {
  const merged: Record<string, unknown> = {};
  for (const group of groups)
    for (const [path, handler] of Object.entries(group)) {
      if (Object.hasOwn(merged, path)) throw new Error(`Two handlers for ${path}: each call has one module's route`);
      merged[path] = handler;
    }
  return merged as Handlers;
}
