import type { ApiParsedBody, ApiPath, ApiResponse, Language } from '@loyalty/contract';
import type { FastifyRequest } from 'fastify';
import type { Caller, CustomerCaller, MerchantCaller } from '../core/caller';

export type { Caller } from '../core/caller';

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
export type Handlers = { [P in ApiPath]?: Handler<P> };
