import type { z } from 'zod';
import type { OperatorRole, Role } from './constants';

/**
 * Whose data an endpoint reaches, so the server narrows the caller once and the isolation suite
 * knows what to expect (docs/architecture.md):
 * - `public`: no caller needed (sign-up, login, password reset);
 * - `self`: the caller's own account (me, logout, password, profile);
 * - `merchant`: the caller's merchant as a whole (a merchant, or its staff where the roles allow);
 * - `branch`: the caller's merchant, and for staff only their own branch;
 * - `courier`: a courier's own assignments;
 * - `customer`: a customer's own requests and what live merchants publish;
 * - `platform`: shared platform data (tags, packages for sale);
 * - `operator`: the platform operator.
 */
export const SCOPES = ['public', 'self', 'merchant', 'branch', 'courier', 'customer', 'platform', 'operator'] as const;
export type Scope = (typeof SCOPES)[number];

export interface EndpointDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** Path under /api, without a leading slash, exactly as the spec spells it: the catalogue key. */
  path: string;
  /** Who may call it; 'public' needs no token. `optionalAuth` reads a token when one is sent. */
  roles: 'public' | readonly Role[];
  scope: Scope;
  /** The operator roles that may call an `/api/admin/...` call (operator scope only; admin is in every list). */
  operatorRoles?: readonly OperatorRole[];
  optionalAuth?: boolean;
  /** A merchant still under review may call it (profile, logout, password). */
  allowUnapproved?: boolean;
  /** A customer who must change a default password may call it. */
  allowPasswordChange?: boolean;
  /** Multipart file fields accepted, with the most files in all. */
  files?: { fields: readonly string[]; max: number };
  /**
   * `csv`: a download, not JSON (docs/domain.md, "Exports"): served as `GET /api/<path>?<filters>`
   * (and POST), answered as a streamed UTF-8 CSV with a BOM; `response` then types the rows' stream.
   */
  format?: 'csv';
  /**
   * SPEC §7 sends this call's fields inside one `data` field (`/merchant/forgetpassword`: data;
   * `/merchant/changepassword`: data, token): a JSON object in a JSON body, or a JSON string in a
   * form body. The server opens it over the flat fields (which are read as well) before `body`
   * parses them; a `data` that is not a JSON object answers 422 on the field `data`.
   */
  dataEnvelope?: true;
  /** The most its body may weigh, bytes (the server's general limit otherwise). */
  maxBodyBytes?: number;
  body: B;
  response: R;
  summary: string;
}

type Declared = Omit<EndpointDef, 'path'>;
export type Defined<T extends Record<string, Declared>> = { [K in keyof T & string]: T[K] & { path: K } };

/** Declares endpoints keyed by their path; each definition gets its key as `path`, so the two never differ. */
export const defineEndpoints = <T extends Record<string, Declared>>(defs: T): Defined<T> =>
  Object.fromEntries(Object.entries(defs).map(([path, def]) => [path, { ...def, path }])) as Defined<T>;

/**
 * The merchant variant `/merchant/<suffix>` and the staff variant `/merchantUser/<suffix>` of one
 * call: same payload and response, staff limited to their merchant (and branch, for `branch` scope).
 */
export const rolePair = <S extends string, B extends z.ZodType, R extends z.ZodType>(
  suffix: S,
  def: { body: B; response: R; summary: string; scope: Scope; staffRoles?: readonly Role[]; format?: 'csv' },
): Record<`merchant/${S}` | `merchantUser/${S}`, EndpointDef<B, R>> => {
  const m = `merchant/${suffix}` as const;
  const u = `merchantUser/${suffix}` as const;
  const common = {
    body: def.body,
    response: def.response,
    scope: def.scope,
    ...(def.format && { format: def.format }),
  };
  return {
    [m]: { path: m, roles: ['merchant'], summary: def.summary, ...common },
    [u]: {
      path: u,
      roles: def.staffRoles ?? ['merchantUser'],
      summary: `${def.summary} (staff: their merchant${def.scope === 'branch' ? ' and branch' : ''})`,
      ...common,
    },
  } as Record<`merchant/${S}` | `merchantUser/${S}`, EndpointDef<B, R>>;
};

/** The path of a role-pair call for a signed-in role: `merchant/<suffix>` for owners, else `merchantUser/<suffix>`. */
export const pathForRole = <S extends string>(role: Role | null | undefined, suffix: S) =>
  (role === 'merchant' ? `merchant/${suffix}` : `merchantUser/${suffix}`) as `merchant/${S}` | `merchantUser/${S}`;
