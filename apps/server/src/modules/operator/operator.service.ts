import type { MerchantStatus } from '@loyalty/contract';
import { normalizePhone } from '@loyalty/contract';
import type { Deps } from '../../deps';
import { centsToDollars } from '../../lib/money';
import { LEDGER_REASONS, move } from '../ledger/ledger.service';

export class OperatorError extends Error {}

/** A settlement moves only initial → pending → paid (docs/domain.md). */
const SETTLEMENT_STEP = { pending: 'initial', paid: 'pending' } as const;

/** What the platform operator does: the `npm run admin` commands and their tests share this. */
export function operatorService({ store }: Pick<Deps, 'store'>) {
  const repo = store.operator;

  async function merchantByMobile(mobile: string) {
    const m = await repo.merchantByMobile(normalizePhone(mobile));
    if (!m) throw new OperatorError(`No merchant with mobile ${mobile}`);
    return m;
  }

  async function setMerchantStatus(mobile: string, status: MerchantStatus) {
    const m = await merchantByMobile(mobile);
    await repo.setMerchantStatus(m.id, status);
    return { ...m, status };
  }

  return {
    listMerchants: () => repo.listMerchants(),

    approveMerchant: (mobile: string) => setMerchantStatus(mobile, 'approved'),

    /** Suspends a merchant and ends every session of the merchant and its staff. */
    async suspendMerchant(mobile: string) {
      const m = await merchantByMobile(mobile);
      await store.transaction(async (tx) => {
        await tx.operator.setMerchantStatus(m.id, 'suspended', 0);
        await tx.accounts.revokeSessionsOf('merchant', m.id);
        for (const id of await tx.operator.staffIdsOf(m.id)) await tx.accounts.revokeSessionsOf('merchantUser', id);
      });
      return { ...m, status: 'suspended' as const, isLive: 0 };
    },

    async addTag(name: string) {
      const clean = name.trim();
      if (!clean) throw new OperatorError('A tag needs a name');
      if (clean.length > 50) throw new OperatorError('A tag name has at most 50 characters');
      const existing = await repo.tagByName(clean);
      if (existing) return { tag: existing, created: false };
      return { tag: await repo.insertTag(clean), created: true };
    },

    /** Grants a customer points: the balance and its ledger row (reason grant) in one transaction. */
    async grantCustomerPoints(mobile: string, points: string | number) {
      const amount = Number(points);
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 1e9)
        throw new OperatorError(`Points must be a whole number from 1 to 1000000000, not ${points}`);
      const customer = await repo.customerByMobile(normalizePhone(mobile));
      if (!customer) throw new OperatorError(`No customer with mobile ${mobile}`);
      const reference = `grant:${crypto.randomUUID()}`;
      await store.transaction((tx) =>
        move(tx, { to: { type: 'user', id: customer.id }, amount, reason: LEDGER_REASONS.grant, reference }),
      );
      const balance = (await repo.customerByMobile(customer.mobile))?.balance ?? 0;
      return { id: customer.id, name: customer.name, mobile: customer.mobile, granted: amount, balance, reference };
    },

    /** `settlement move <id> <pending|paid>`: initial → pending → paid, one step at a time, once. */
    async moveSettlement(idText: string, target: string) {
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0)
        throw new OperatorError(`A settlement id is a whole number, not ${idText}`);
      if (target !== 'pending' && target !== 'paid')
        throw new OperatorError(`A settlement moves to pending or paid, not ${target}`);
      const s = await repo.settlement(id);
      if (!s) throw new OperatorError(`No settlement with id ${id}`);
      const from = SETTLEMENT_STEP[target];
      if (!(await repo.moveSettlement(id, from, target))) {
        const now = (await repo.settlement(id))?.status ?? s.status;
        throw new OperatorError(
          `Settlement ${id} is ${now}; only ${from} can move to ${target} (initial → pending → paid).`,
        );
      }
      return { id, from, to: target, amount: centsToDollars(s.amountCents), merchantName: s.merchantName };
    },
  };
}

export type OperatorService = ReturnType<typeof operatorService>;
