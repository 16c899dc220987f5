import { nowIso } from '../../db/dialect';
import type { Caller } from '../../http/context';

/**
 * What part of a merchant's requests a caller sees: a merchant all of its own, a staff member
 * only their branch's (none when they have no branch).
 */
export interface RequestScope {
  merchantId: number;
  /** undefined: every branch; null: no branch at all (a staff member without a branch). */
  branchId: number | null | undefined;
}

export const scopeOf = (caller: Caller): RequestScope => ({
  merchantId: caller.merchantId ?? -1,
  branchId: caller.role === 'merchant' ? undefined : caller.branchId,
});

/** Who approved, as stored on the request. */
export const approverOf = (caller: Caller) => ({
  approvedByType: caller.type,
  approvedById: caller.id,
  approvedAt: nowIso(),
});
