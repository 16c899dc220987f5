import { randomUUID } from 'node:crypto';
import { cardBrand } from '@loyalty/contract';
import type { Charge, ChargeResult, PaymentGateway } from './payment-gateway';

/** Card numbers ending in this are declined when charged, like a card processor's test mode. */
export const DECLINED_LAST4 = '0002';

export interface TestGateway extends PaymentGateway {
  readonly name: 'test';
  /** Charges made, one per idempotency key (declined ones included), for tests and the log. */
  readonly charges: ReadonlyArray<Charge & { chargeId: string; result: ChargeResult['status'] }>;
}

/**
 * The built-in gateway (the default): every valid number is saved, and charging succeeds unless the
 * number ends in 0002. Tokens carry only the brand and last four (`tgw_<random>_<brand>_<last4>`),
 * so they stay chargeable across restarts; results are kept per idempotency key and per reference in
 * memory (a restart forgets them: a lookup then finds nothing, and the purchase is charged anew).
 */
export function testGateway(): TestGateway {
  const charges: (Charge & { chargeId: string; result: ChargeResult['status'] })[] = [];
  const byKey = new Map<string, ChargeResult>();
  const byReference = new Map<string, ChargeResult>();
  return {
    name: 'test',
    charges,
    async saveCard(card) {
      const last4 = card.number.slice(-4);
      const brand = cardBrand(card.number);
      return { token: `tgw_${randomUUID().replaceAll('-', '')}_${brand}_${last4}`, brand, last4 };
    },
    async charge(c) {
      const known = byKey.get(c.idempotencyKey);
      if (known) return known;
      const last4 = /_(\d{4})$/.exec(c.token)?.[1];
      const chargeId = `tch_${randomUUID().replaceAll('-', '')}`;
      const result: ChargeResult =
        !last4 || last4 === DECLINED_LAST4
          ? { status: 'declined', reason: 'card_declined' }
          : { status: 'succeeded', chargeId };
      byKey.set(c.idempotencyKey, result);
      byReference.set(c.reference, result);
      if (byKey.size > 100_000) byKey.delete(byKey.keys().next().value as string);
      if (byReference.size > 100_000) byReference.delete(byReference.keys().next().value as string);
      charges.push({ ...c, chargeId, result: result.status });
      if (charges.length > 10_000) charges.shift();
      return result;
    },
    async findCharge(q) {
      return byReference.get(q.reference) ?? null;
    },
    async forgetCard() {},
  };
}
