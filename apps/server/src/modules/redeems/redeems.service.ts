import type { RedeemRequest } from '@loyalty/contract';
import type { Deps } from '../../deps';
import type { Caller } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { pageOf } from '../../lib/paging';
import { AlreadyMovedError, LEDGER_REASONS, move } from '../ledger/ledger.service';
import { approverOf, type RequestScope, scopeOf } from '../offer-requests/request-scope';
import { type RedeemJoined, redeemsRepository } from './redeems.repository';

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
export function redeemsService(deps: Deps) {
  const repo = redeemsRepository(deps.db);

  async function one(scope: RequestScope, id: number): Promise<RedeemRequest> {
    const row = await repo.byId(scope, id);
    if (!row) throw notFound('requestNotFound');
    return toRedeemRequest(row);
  }

  return {
    async list(caller: Caller, v: { pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.list(scopeOf(caller), pageOf(v));
      return { rows: rows.map(toRedeemRequest), count };
    },

    detail: (caller: Caller, reqId: number) => one(scopeOf(caller), reqId),

    /**
     * isApproved true: approves once (points move in the same transaction; too few points → 409,
     * nothing changes); approving an approved request answers it again. isApproved false leaves a
     * request that is not approved as it is; an approved one cannot be taken back (409 alreadyApproved).
     */
    async approve(caller: Caller, v: { reqId: number; isApproved: boolean }): Promise<RedeemRequest> {
      const scope = scopeOf(caller);
      const req = await repo.byId(scope, v.reqId);
      if (!req) throw notFound('requestNotFound');
      if (!v.isApproved) {
        if (req.isApproved === 1) throw conflict('alreadyApproved');
        return toRedeemRequest(req);
      }
      if (req.isApproved !== 1) {
        try {
          await deps.db.transaction().execute(async (trx) => {
            if (!(await redeemsRepository(trx).markApproved(req.id, approverOf(caller)))) return; // approved meanwhile
            await move(trx, {
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
      return one(scope, v.reqId);
    },

    /** A customer asks to redeem points at a merchant's branch (user/redeem). */
    async create(caller: Caller, v: { merchantId: number; branchId: number; amount: number }): Promise<RedeemRequest> {
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
      return one({ merchantId: merchant.id, branchId: undefined }, id);
    },
  };
}

export type RedeemsService = ReturnType<typeof redeemsService>;
