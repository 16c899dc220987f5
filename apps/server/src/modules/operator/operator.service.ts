import type { MerchantStatus } from '@loyalty/contract';
import { normalizePhone } from '@loyalty/contract';
import { nowIso } from '../../db/dialect';
import type { Deps } from '../../deps';
import { authRepository } from '../auth/auth.repository';
import { LEDGER_REASONS, move } from '../ledger/ledger.service';

export class OperatorError extends Error {}

/** What the platform operator does: the `npm run admin` commands and their tests share this. */
export function operatorService(deps: Deps) {
  const { db } = deps;
  const accounts = authRepository(db);

  async function merchantByMobile(mobile: string) {
    const m = await accounts.merchantByMobile(normalizePhone(mobile));
    if (!m) throw new OperatorError(`No merchant with mobile ${mobile}`);
    return m;
  }

  async function setMerchantStatus(mobile: string, status: MerchantStatus) {
    const m = await merchantByMobile(mobile);
    await db.updateTable('merchants').set({ status, updatedAt: nowIso() }).where('id', '=', m.id).execute();
    return { ...m, status };
  }

  return {
    listMerchants: () =>
      db
        .selectFrom('merchants')
        .select(['id', 'name', 'mobile', 'status', 'isLive', 'balance', 'createdAt'])
        .orderBy('id')
        .execute(),

    approveMerchant: (mobile: string) => setMerchantStatus(mobile, 'approved'),

    /** Suspends a merchant and ends every session of the merchant and its staff. */
    async suspendMerchant(mobile: string) {
      const m = await setMerchantStatus(mobile, 'suspended');
      await db.updateTable('merchants').set({ isLive: 0 }).where('id', '=', m.id).execute();
      await accounts.revokeSessionsOf('merchant', m.id);
      const staff = await db.selectFrom('merchantUsers').select('id').where('merchantId', '=', m.id).execute();
      for (const s of staff) await accounts.revokeSessionsOf('merchantUser', s.id);
      return m;
    },

    async addTag(name: string) {
      const clean = name.trim();
      if (!clean) throw new OperatorError('A tag needs a name');
      if (clean.length > 50) throw new OperatorError('A tag name has at most 50 characters');
      const existing = await db.selectFrom('tags').selectAll().where('name', '=', clean).executeTakeFirst();
      if (existing) return { tag: existing, created: false };
      const tag = await db
        .insertInto('tags')
        .values({ name: clean, createdAt: nowIso() })
        .returning(['id', 'name', 'createdAt'])
        .executeTakeFirstOrThrow();
      return { tag, created: true };
    },

    /** Grants a customer points: the balance and its ledger row (reason grant) in one transaction. */
    async grantCustomerPoints(mobile: string, points: string | number) {
      const amount = Number(points);
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 1e9)
        throw new OperatorError(`Points must be a whole number from 1 to 1000000000, not ${points}`);
      const customer = await db
        .selectFrom('customers')
        .select(['id', 'name', 'mobile'])
        .where('mobile', '=', normalizePhone(mobile))
        .executeTakeFirst();
      if (!customer) throw new OperatorError(`No customer with mobile ${mobile}`);
      const reference = `grant:${crypto.randomUUID()}`;
      await db
        .transaction()
        .execute((trx) =>
          move(trx, { to: { type: 'user', id: customer.id }, amount, reason: LEDGER_REASONS.grant, reference }),
        );
      const { balance } = await db
        .selectFrom('customers')
        .select('balance')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      return { ...customer, granted: amount, balance, reference };
    },
  };
}

export type OperatorService = ReturnType<typeof operatorService>;
