import type { Settlement, SettlementDetails } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { InTransaction, ServiceDeps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { centsToDollars } from '../../lib/money';
import { pageOf } from '../../lib/paging';
import type { SettlementRow } from './settlements.repository';

const toSettlement = (s: SettlementRow): Settlement => ({
  id: s.id,
  amount: centsToDollars(s.amountCents),
  status: s.status,
  createdAt: s.createdAt,
  user: { name: s.userName, mobile: s.userMobile },
});

/**
 * Settlements, the merchant's side (SPEC §2, §3): a completed product request creates one
 * (`initial`); the operator moves it to `pending`, then `paid` (`npm run admin -- settlement move`).
 * The merchant reads the initial and pending lists and each settlement's details.
 */
export function settlementsService({ store }: ServiceDeps<'settlements'>) {
  const repo = store.settlements;
  return {
    list: async (caller: MerchantCaller, status: 'initial' | 'pending', v: { pageNum?: number; limit?: number }) =>
      (await repo.list(caller.merchantId, status, pageOf(v))).map(toSettlement),

    async details(caller: MerchantCaller, id: number): Promise<SettlementDetails> {
      const s = await repo.byId(caller.merchantId, id);
      if (!s) throw notFound('settlementNotFound');
      const details = await repo.details(s.id);
      return {
        ...toSettlement(s),
        productRequest: {
          id: s.productRequestId,
          Product: {
            name: s.productName,
            nameAr: s.productNameAr,
            description: s.productDescription,
            descriptionAr: s.productDescriptionAr,
            points: s.productPoints,
            price: centsToDollars(s.productPriceCents),
          },
        },
        settlementDetails: details.map((d) => ({
          id: d.id,
          kind: d.kind,
          amount: centsToDollars(d.amountCents),
          user: { name: d.userName, mobile: d.userMobile },
        })),
      };
    },

    /** The operator's view of a settlement (its status, owed amount and merchant), for `settlement move`. */
    forOperator: (id: number) => repo.forOperator(id),

    /**
     * Moves a settlement from `from` to `to` only if it is still `from`; true when this call moved it.
     * `inTx`: the caller's transaction to move it in (the operator's, with its log row).
     */
    move: (
      id: number,
      from: 'initial' | 'pending',
      to: 'pending' | 'paid',
      reference?: string,
      inTx: InTransaction<'settlements'> = (write) => store.transaction(write),
    ) => inTx((tx) => tx.settlements.moveSettlement(id, from, to, reference)),

    /** The operator's list: amounts owed in dollars, with the payment reference and time. */
    operatorList: async (f: { status?: 'initial' | 'pending' | 'paid'; merchant?: string }) =>
      (await repo.operatorList(f)).map(({ amountCents, ...r }) => ({ ...r, amount: centsToDollars(amountCents) })),
  };
}

export type SettlementsService = ReturnType<typeof settlementsService>;
