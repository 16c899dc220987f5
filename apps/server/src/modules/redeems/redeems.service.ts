import type { RedeemRequest } from '@loyalty/contract';
import { approvalStamp, type CustomerCaller, type MerchantCaller, type TenantScope } from '../../core/caller';
import { conflict, notFound } from '../../core/errors';
import type { Deps } from '../../deps';
import { pageOf } from '../../lib/paging';
import { AlreadyMovedError, LEDGER_REASONS, move } from '../ledger/ledger.service';
import { type Notifier, silentNotifier } from '../push/push.service';
import type { RedeemJoined } from './redeems.repository';

const toRedeemRequest = (r: RedeemJoined): RedeemRequest => ({
  id: r.id,
  amount: r.amount,
  isApproved: r.isApproved === 1,
  user: { id: r.userId, name: r.userName, mobile: r.userMobile },
  merchant: { name: r.merchantName },
  Branch: { id: r.branchId, branchName: r.branchName },
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/**
 * Redeem requests (SPEC §2-§4, DECISIONS §3): a customer asks to spend points at a merchant's branch;
 * approval (not approved → approved) moves `amount` points from the customer to the merchant, once.
 */
export function redeemsService({ store }: Pick<Deps, 'store'>, notify: Notifier = silentNotifier) {
  const repo = store.redeems;

  async function one(scope: TenantScope, id: number): Promise<RedeemRequest> {
    const row = await repo.byId(scope, id);
    if (!row) throw notFound('requestNotFound');
    return toRedeemRequest(row);
  }

  return {
    async list(caller: MerchantCaller, v: { pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.list(caller, pageOf(v));
      return { rows: rows.map(toRedeemRequest), count };
    },

    detail: (caller: MerchantCaller, reqId: number) => one(caller, reqId),

    /**
     * isApproved true: approves once (points move in the same transaction; too few points → 409,
     * nothing changes); approving an approved request answers it again. isApproved false leaves a
     * request that is not approved as it is; an approved one cannot be taken back (409 alreadyApproved).
     */
    async approve(caller: MerchantCaller, v: { reqId: number; isApproved: boolean }): Promise<RedeemRequest> {
      const req = await repo.byId(caller, v.reqId);
      if (!req) throw notFound('requestNotFound');
      if (!v.isApproved) {
        if (req.isApproved === 1) throw conflict('alreadyApproved');
        return toRedeemRequest(req);
      }
      if (req.isApproved !== 1) {
        try {
          await store.transaction(async (tx) => {
            if (!(await tx.redeems.markApproved(req.id, approvalStamp(caller.actor)))) return; // approved meanwhile
            await move(tx, {
              from: { type: 'user', id: req.userId },
              to: { type: 'merchant', id: req.merchantId },
              amount: req.amount,
              reason: LEDGER_REASONS.redeem,
              reference: `redeem_request:${req.id}`,
            });
          });
        } catch (err) {
          if (!(err instanceof AlreadyMovedError)) throw err;
        }
      }
      return one(caller, v.reqId);
    },

    /** A customer asks to redeem points at a merchant's branch (user/redeem). */
    async create(
      caller: CustomerCaller,
      v: { merchantId: number; branchId: number; amount: number },
    ): Promise<RedeemRequest> {
      const merchant = await repo.merchant(v.merchantId);
      if (!merchant) throw notFound('merchantNotFound');
      if (merchant.status !== 'approved' || merchant.isLive !== 1) throw conflict('merchantNotLive');
      const branch = await repo.branchOf(merchant.id, v.branchId);
      if (!branch) throw notFound('branchNotFound');
      if (branch.isActive !== 1) throw conflict('branchInactive');
      if ((await repo.customerBalance(caller.id)) < v.amount) throw conflict('notEnoughPoints');
      const { id } = await repo.insert({
        merchantId: merchant.id,
        branchId: branch.id,
        userId: caller.id,
        amount: v.amount,
      });
      const created = await one({ merchantId: merchant.id, branchId: undefined }, id);
      notify.notifyBranch(merchant.id, branch.id, {
        title: 'pushRedeemTitle',
        body: 'pushRedeemBody',
        vars: { name: created.user.name, subject: String(created.amount) },
        data: { id: created.id, type: 'redeem' },
      });
      return created;
    },
  };
}

export type RedeemsService = ReturnType<typeof redeemsService>;
