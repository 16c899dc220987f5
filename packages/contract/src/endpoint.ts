import type { z } from 'zod';
import type { Role } from './constants';

export interface EndpointDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** Path under /api, without a leading slash, exactly as SPEC §7 spells it. */
  path: string;
  /** Who may call it; 'public' needs no token. `optionalAuth` reads a token when one is sent. */
  roles: 'public' | readonly Role[];
  optionalAuth?: boolean;
  /** A merchant still under review may call it (profile, logout, password). */
  allowUnapproved?: boolean;
  /** A customer who must change a default password may call it. */
  allowPasswordChange?: boolean;
  /** Multipart file fields accepted, with the most files in all. */
  files?: { fields: readonly string[]; max: number };
  body: B;
  response: R;
  summary: string;
}

export const endpoint = <B extends z.ZodType, R extends z.ZodType>(def: EndpointDef<B, R>) => def;

/**
 * The merchant variant `/merchant/<suffix>` and the staff variant `/merchantUser/<suffix>` of one
 * call: same payload and response, staff limited to their merchant and branch.
 */
export const rolePair = <S extends string, B extends z.ZodType, R extends z.ZodType>(
  suffix: S,
  def: { body: B; response: R; summary: string; staffRoles?: readonly Role[] },
): Record<`merchant/${S}` | `merchantUser/${S}`, EndpointDef<B, R>> => {
  const m = `merchant/${suffix}` as const;
  const u = `merchantUser/${suffix}` as const;
  return {
    [m]: { path: m, roles: ['merchant'], body: def.body, response: def.response, summary: def.summary },
    [u]: {
      path: u,
      roles: def.staffRoles ?? ['merchantUser'],
      body: def.body,
      response: def.response,
      summary: `${def.summary} (staff: their merchant and branch)`,
    },
  } as Record<`merchant/${S}` | `merchantUser/${S}`, EndpointDef<B, R>>;
};
