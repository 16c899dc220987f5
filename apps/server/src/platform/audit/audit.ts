/**
 * Writes one audit row inside the caller's transaction (docs/domain.md "Audit trail"): who (account,
 * role, name), which branch, what, before → after, when and from what device. Services call it with
 * their transaction's repositories, like the ledger's `move`, so the row exists exactly when the change does.
 */
import type { AuditAction } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { Repos } from '../../repositories/registry';

/** The longest device (user agent) kept. */
export const DEVICE_MAX = 200;

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId: number | null;
  /** The branch the change concerns (the request's, the employee's); the caller's own otherwise. */
  branchId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The audit row of `e` done by `caller`. */
export const auditRow = (caller: MerchantCaller, e: AuditEntry) => ({
  merchantId: caller.merchantId,
  actorType: caller.type,
  actorId: caller.id,
  actorRole: caller.role,
  branchId: e.branchId !== undefined ? e.branchId : (caller.branchId ?? null),
  action: e.action,
  entity: e.entity,
  entityId: e.entityId,
  before: e.before ? JSON.stringify(e.before) : null,
  after: e.after ? JSON.stringify(e.after) : null,
  device: caller.device ? caller.device.slice(0, DEVICE_MAX) : null,
  overrideById: caller.overrideBy ?? null,
});

export async function audit(tx: Pick<Repos, 'activity'>, caller: MerchantCaller, e: AuditEntry): Promise<void> {
  await tx.activity.append(auditRow(caller, e));
}
