import type { ApiParsedBody, ApiPath, ApiResponse, Language, MerchantStatus, Role } from '@loyalty/contract';
import type { FastifyRequest } from 'fastify';
import type { SubjectType } from '../db/schema';

/** Who is calling, resolved from the token on every request. */
export interface Caller {
  sessionId: number;
  type: SubjectType;
  role: Role;
  id: number;
  /** The merchant the caller acts for: a merchant's own id, a staff member's employer. */
  merchantId: number | null;
  /** A staff member's or courier's branch. */
  branchId: number | null;
  merchantStatus: MerchantStatus | null;
  mustChangePassword: boolean;
}

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
  files: UploadedFile[];
  request: FastifyRequest;
  lang: Language;
}

export type Handler<P extends ApiPath> = (ctx: HandlerContext<P>) => Promise<ApiResponse<P>>;
export type Handlers = { [P in ApiPath]?: Handler<P> };
