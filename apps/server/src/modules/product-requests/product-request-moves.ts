import { randomInt } from 'node:crypto';
/**
 * What happens inside the transaction of a completed or refunded product request, after its
 * conditional state change succeeded (docs/domain.md, "Product requests, deliveries and refunds"):
 * the points, the stock and the settlement. Each movement has a unique reference, so it happens once.
 */

import { move } from '../../platform/ledger/ledger.service';
import type { Repos } from '../../repositories/registry';
import { returnProductStock } from '../products/product-stock';
import { addRefundLine, openSettlement } from '../settlements/settlement-writes';

/** Ledger reasons of product requests (the references are `product_request:<id>` and `product_refund:<id>`). */
export const PRODUCT_LEDGER_REASONS = { productRequest: 'productRequest', productRefund: 'productRefund' } as const;

export interface Settled {
  id: number;
  merchantId: number;
  userId: number;
  productId: number;
  payWith: 'points' | 'price';
  points: number;
  priceCents: number;
}

const pointsPaid = (r: Settled) => r.payWith === 'points' && r.points > 0;

/** A request just became done: the customer's points go to the merchant, and its settlement is written (status initial). */
export async function settleCompleted(
  tx: Pick<Repos, 'ledger' | 'products' | 'settlements'>,
  r: Settled,
): Promise<void> {
  if (pointsPaid(r))
    await move(tx, {
      from: { type: 'user', id: r.userId },
      to: { type: 'merchant', id: r.merchantId },
      amount: r.points,
      reason: PRODUCT_LEDGER_REASONS.productRequest,
      reference: `product_request:${r.id}`,
    });
  await openSettlement(tx, {
    merchantId: r.merchantId,
    productRequestId: r.id,
    userId: r.userId,
    amountCents: r.priceCents,
  });
}

/** A refund was just confirmed: the points go back to the customer, the product back to stock, a refund line to the settlement. */
export async function settleRefunded(
  tx: Pick<Repos, 'ledger' | 'products' | 'settlements'>,
  r: Settled,
): Promise<void> {
  if (pointsPaid(r))
    await move(tx, {
      from: { type: 'merchant', id: r.merchantId },
      to: { type: 'user', id: r.userId },
      amount: r.points,
      reason: PRODUCT_LEDGER_REASONS.productRefund,
      reference: `product_refund:${r.id}`,
    });
  await returnProductStock(tx, r.productId);
  await addRefundLine(tx, r.id, r.userId, r.priceCents);
}

/** The live feed's event of a new or changed product request (docs/architecture.md "Live feed"). */
export const productEvent = (
  r: { id: number; merchantId: number; branchId: number; employeeId?: number | null },
  action: string,
  status: string,
) => ({
  merchantId: r.merchantId,
  branchId: r.branchId,
  employeeId: r.employeeId ?? null,
  kind: 'productRequest' as const,
  entityId: r.id,
  action,
  status,
});

/** A delivery's code for the customer to tell the courier: 4 random digits. */
export const newDeliveryPin = (): string => String(randomInt(0, 10_000)).padStart(4, '0');
