/**
 * The recipe of a request's state change, written once (docs/decisions/0022): inside the service's
 * transaction, the conditional change (false: another caller changed the row first, and nothing
 * else is written), what moves with it, the audit row (docs/domain.md "Audit trail") and the live
 * feed's event (docs/architecture.md "Live feed"), in that order.
 */
import type { MerchantCaller } from '../../core/caller';
import type { Repos } from '../../repositories/registry';
import { type AuditEntry, auditRow } from '../audit/audit';

export interface Transition {
  /** The conditional update; false when the row was no longer in the state it moves from. */
  change: () => Promise<boolean>;
  /** What moves with the change (stock back, points), after it and before the audit row. */
  alongside?: () => Promise<unknown>;
  audit: AuditEntry;
  /** The live feed's event of the change. */
  event: Parameters<Repos['events']['append']>[0];
}

/** Runs `t` inside the transaction `tx`; true when this call made the change. */
export async function applyTransition(
  tx: Pick<Repos, 'journal'>,
  caller: MerchantCaller,
  t: Transition,
): Promise<boolean> {
  if (!(await t.change())) return false;
  if (t.alongside) await t.alongside();
  // the audit row and the event in one statement on PostgreSQL (repositories/journal.ts)
  await tx.journal.record(auditRow(caller, t.audit), t.event);
  return true;
}

/** The kinds of request a merchant rejects with a reason (docs/domain.md "Rejected requests"). */
export type Rejectable = 'offerRequest' | 'redeem' | 'productRequest';

/** The audit entry of a pending request rejected with `reason`. */
export const rejection = (entity: Rejectable, req: { id: number; branchId: number }, reason: string): AuditEntry => ({
  action: `${entity}.reject`,
  entity,
  entityId: req.id,
  branchId: req.branchId,
  before: { status: 'pending' },
  after: { status: 'rejected', reason },
});
