/**
 * The settlements module writes the settlements tables (one writer per table: docs/decisions/0022).
 * A product request's completion and refund write theirs inside the request's transaction through
 * these, with that transaction's repositories.
 */
import type { Repos } from '../../repositories/registry';

/** The settlement of a completed product request (status initial) and its sale line; unique per request. */
export const openSettlement = (
  tx: Pick<Repos, 'settlements'>,
  v: { merchantId: number; productRequestId: number; userId: number; amountCents: number },
): Promise<number> => tx.settlements.insertSettlement(v);

/** The refund line (−price) of a product request's settlement; false when it has none. */
export const addRefundLine = (
  tx: Pick<Repos, 'settlements'>,
  productRequestId: number,
  userId: number,
  amountCents: number,
): Promise<boolean> => tx.settlements.insertRefundLine(productRequestId, userId, amountCents);
