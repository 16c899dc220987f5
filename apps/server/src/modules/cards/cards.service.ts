import { type Card, maskCardNumber } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, invalidField, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';
import { pageOf } from '../../lib/paging';
import { audit } from '../../platform/audit/audit';
import { CardRejectedError, GatewayUnavailableError } from '../../platform/payments/payment-gateway';
import type { CardRow } from './cards.repository';

export const toCard = (c: CardRow): Card => ({
  id: c.id,
  nameOnCard: c.nameOnCard,
  cardNumber: maskCardNumber(c.last4),
  brand: c.brand,
  last4: c.last4,
  expirationDate: `${c.expMonth}-${c.expYear}`,
  isDefault: c.isDefault === 1,
  createdAt: c.createdAt,
});

/** Runs `fn` again when it lost a race on a unique index (two default cards at once). */
async function retryOnUnique<T>(fn: () => Promise<T>, times = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!isUniqueViolation(err) || i >= times) throw err;
    }
  }
}

/**
 * Saved cards (SPEC §4, §5; docs/domain.md, cards): the number and CVV go to the payment gateway once and
 * are never stored; we keep holder, brand, last four, expiry and the gateway's token. Exactly one
 * default card: the first card becomes it, setDefault moves it, the default cannot be deleted while
 * other cards exist (deleting the only card is allowed).
 */
export function cardsService({ store, payments }: ServiceDeps<'activity' | 'cards', 'payments'>) {
  const repo = store.cards;

  async function one(merchantId: number, id: number): Promise<CardRow> {
    const card = await repo.byId(merchantId, id);
    if (!card) throw notFound('cardNotFound');
    return card;
  }

  /** Repairs "cards but no default" left by two crossing requests (each mutation runs it after committing). */
  const settleDefault = async (merchantId: number) => {
    try {
      await repo.ensureDefault(merchantId);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  };

  return {
    async list(caller: MerchantCaller, v: { pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.list(caller.merchantId, pageOf(v));
      return { rows: rows.map(toCard), count };
    },

    async add(
      caller: MerchantCaller,
      v: { nameOnCard: string; cardNumber: string; expirationDate: string; CVV: string },
    ): Promise<Card> {
      const [expMonth, expYear] = v.expirationDate.split('-');
      let saved: Awaited<ReturnType<typeof payments.saveCard>>;
      try {
        saved = await payments.saveCard({ holder: v.nameOnCard, number: v.cardNumber, expMonth, expYear, cvc: v.CVV });
      } catch (err) {
        if (err instanceof CardRejectedError) throw invalidField('cardNumber', 'cardNotAccepted');
        if (err instanceof GatewayUnavailableError) throw conflict('paymentFailed');
        throw err;
      }
      const { id } = await retryOnUnique(() =>
        store.transaction(async (tx) => {
          const row = await tx.cards.insert({
            merchantId: caller.merchantId,
            nameOnCard: v.nameOnCard,
            brand: saved.brand,
            last4: saved.last4,
            expMonth,
            expYear,
            gateway: payments.name,
            token: saved.token,
          });
          await audit(tx, caller, {
            action: 'card.add',
            entity: 'card',
            entityId: row.id,
            branchId: null,
            after: { brand: saved.brand, last4: saved.last4, expMonth, expYear },
          });
          return row;
        }),
      );
      await settleDefault(caller.merchantId);
      return toCard(await one(caller.merchantId, id));
    },

    async setDefault(caller: MerchantCaller, id: number): Promise<Card> {
      await one(caller.merchantId, id);
      const found = await retryOnUnique(() =>
        store.transaction(async (tx) => {
          const found = await tx.cards.setDefault(caller.merchantId, id);
          if (found)
            await audit(tx, caller, {
              action: 'card.default',
              entity: 'card',
              entityId: id,
              branchId: null,
              after: { isDefault: true },
            });
          return found;
        }),
      );
      if (!found) throw notFound('cardNotFound');
      return toCard(await one(caller.merchantId, id));
    },

    async delete(caller: MerchantCaller, id: number): Promise<{ success: true }> {
      const card = await one(caller.merchantId, id);
      const deleted = await store.transaction(async (tx) => {
        const n = await tx.cards.delete(caller.merchantId, id);
        if (n > 0)
          await audit(tx, caller, {
            action: 'card.delete',
            entity: 'card',
            entityId: id,
            branchId: null,
            before: { brand: card.brand, last4: card.last4 },
          });
        return n;
      });
      if (deleted === 0) {
        if (await repo.byId(caller.merchantId, id)) throw conflict('defaultCardDelete');
        throw notFound('cardNotFound');
      }
      await settleDefault(caller.merchantId);
      await payments.forgetCard(card.token);
      return { success: true };
    },

    /** The merchant's card to charge (with its token), for the purchase flow. */
    chargeable: (merchantId: number, id: number) => one(merchantId, id),
  };
}

export type CardsService = ReturnType<typeof cardsService>;
