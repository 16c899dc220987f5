/**
 * Who is calling, resolved from the token once per request, and the narrowed callers that services
 * take (docs/architecture.md, "Narrow the caller once"): a service that works on a merchant's data
 * receives a MerchantCaller whose merchant (and branch, for staff) is already known and typed.
 */
import type { MerchantStatus, Role, StaffRole } from '@loyalty/contract';
import type { SubjectType } from '../db/schema';
import { forbidden } from './errors';

/** Any signed-in caller, as the token resolves. */
export interface Caller {
  sessionId: number;
  type: SubjectType;
  role: Role;
  /** The account's own id (merchant, merchant user, customer). */
  id: number;
  /** The merchant the caller acts for: a merchant's own id, a staff member's employer. */
  merchantId: number | null;
  /** A staff member's or courier's branch. */
  branchId: number | null;
  merchantStatus: MerchantStatus | null;
  mustChangePassword: boolean;
  /**
   * A staff member's permission set as the session's query read it (its JSON text; null: the
   * default set); undefined when it was not read (the gate then reads it).
   */
  staffPermissions?: string | null;
}

/** Who did something, as stored on the rows they change. */
export interface Actor {
  type: SubjectType;
  id: number;
}

/** What part of a merchant's data a caller reaches. */
export interface TenantScope {
  merchantId: number;
  /**
   * undefined: every branch (the merchant itself); a number: that branch only (staff, couriers);
   * null: no branch at all (a staff member without a branch sees no branch data).
   */
  branchId: number | null | undefined;
}

/** A merchant, or one of its staff members or couriers. */
export interface MerchantCaller extends TenantScope {
  sessionId: number;
  role: StaffRole;
  /** The account's own id. */
  id: number;
  type: 'merchant' | 'merchantUser';
  actor: Actor;
  isOwner: boolean;
  /** The caller's device (user agent) as sent, for the audit trail. */
  device?: string;
  /** The merchant whose override PIN this call carried (issue 27): the audit row names them too. */
  overrideBy?: number;
}

/** A customer of the customer API. */
export interface CustomerCaller {
  sessionId: number;
  id: number;
  type: 'user';
  actor: Actor;
}

/** Narrows a caller to a merchant or its staff; anyone else is refused (403). */
export function requireMerchant(caller: Caller): MerchantCaller {
  if (caller.merchantId === null || (caller.type !== 'merchant' && caller.type !== 'merchantUser')) throw forbidden();
  const role = caller.role as StaffRole;
  const isOwner = caller.type === 'merchant';
  return {
    sessionId: caller.sessionId,
    role,
    id: caller.id,
    type: caller.type,
    actor: { type: caller.type, id: caller.id },
    isOwner,
    merchantId: caller.merchantId,
    branchId: isOwner ? undefined : caller.branchId,
  };
}

/** Narrows a caller to a customer; anyone else is refused (403). */
export function requireCustomer(caller: Caller): CustomerCaller {
  if (caller.type !== 'user') throw forbidden();
  return { sessionId: caller.sessionId, id: caller.id, type: 'user', actor: { type: 'user', id: caller.id } };
}

/** The staff of a merchant registering a customer, or nobody (a customer signing up alone). */
export const merchantOrNull = (caller: Caller | null): MerchantCaller | null =>
  caller && (caller.type === 'merchant' || caller.type === 'merchantUser') ? requireMerchant(caller) : null;

/** Who approved something and when, as stored on the request. */
export const approvalStamp = (actor: Actor) => ({
  approvedByType: actor.type,
  approvedById: actor.id,
  approvedAt: new Date().toISOString(),
});
