import type { RedeemRequest, RedeemStatus } from '@loyalty/contract';
import { approvalStamp, type CustomerCaller, type MerchantCaller, type TenantScope } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, notFound } from '../../core/errors';
import { pageOf } from '../../lib/paging';
import { AlreadyMovedError, LEDGER_REASONS, move } from '../../platform/ledger/ledger.service';
import { applyTransition, rejection } from '../../platform/transitions/transition';
import type { PermissionsService } from '../permissions/permissions.service';
import { type Notifier, silentNotifier } from '../push/push.service';
import type { RedeemJoined } from './redeems.repository';

const toRedeemRequest = (r: RedeemJoined): RedeemRequest => ({
  id: r.id,
  amount: r.amount,
  isApproved: r.isApproved === 1,
  status: r.isApproved === 1 ? 'approved' : r.rejectedAt !== null ? 'rejected' : 'pending',
  rejectReason: r.rejectReason,
  rejectedAt: r.rejectedAt,
  user: { id: r.userId, name: r.userName, mobile: r.userMobile },
  merchant: { name: r.merchantName },
  Branch: { id: r.branchId, branchName: r.branchName, branchNameAr: r.branchNameAr },
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** The live feed's event of a new or changed redeem request (docs/architecture.md "Live feed"). */
const eventOf = (r: { id: number; merchantId: number; branchId: number }, action: string, status: string) => ({
  merchantId: r.merchantId,
  branchId: r.branchId,
  employeeId: null,
  kind: 'redeem' as const,
  entityId: r.id,
  action,
  status,
});

/**
 * Redeem requests (SPEC §2-§4; docs/domain.md, the ledger): a customer asks to spend points at a merchant's branch;
 * approval (not approved → approved) moves `amount` points from the customer to the merchant, once.
 */
export function redeemsService(
  { store }: ServiceDeps<'events' | 'journal' | 'ledger' | 'redeems'>,
  notify: Notifier = silentNotifier,
  overrides?: Pick<PermissionsService, 'requireOverrideFor'>,
) {
  const repo = store.redeems;

  async function one(scope: TenantScope, id: number): Promise<RedeemRequest> {
    const row = await repo.byId(scope, id);
    if (!row) throw notFound('requestNotFound');
    return toRedeemRequest(row);
  }

  return {
    async list(caller: MerchantCaller, v: { status?: RedeemStatus; pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.list(caller, v.status, pageOf(v));
      return { rows: rows.map(toRedeemRequest), count };
    },

    /** user/req/redeem/list: a customer's own redeem requests, with status and any reject reason. */
    async listOfCustomer(caller: CustomerCaller, v: { status?: RedeemStatus; pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.list({ userId: caller.id }, v.status, pageOf(v));
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
      if (req.rejectedAt !== null) throw conflict('requestRejected');
      // a large redeem by staff needs the manager's override (issue 27, the merchant's threshold)
      if (req.isApproved !== 1) await overrides?.requireOverrideFor(caller, { redeemPoints: req.amount });
      if (req.isApproved !== 1) {
        try {
          // approved or rejected meanwhile: nothing moves
          await store.transaction((tx) =>
            applyTransition(tx, caller, {
              change: () => tx.redeems.markApproved(req.id, approvalStamp(caller.actor)),
              alongside: () =>
                move(tx, {
                  from: { type: 'user', id: req.userId },
                  to: { type: 'merchant', id: req.merchantId },
                  amount: req.amount,
                  reason: LEDGER_REASONS.redeem,
                  reference: `redeem_request:${req.id}`,
                  guardedByChange: true,
                }),
              audit: {
                action: 'redeem.approve',
                entity: 'redeem',
                entityId: req.id,
                branchId: req.branchId,
                before: { status: 'pending' },
                after: { status: 'approved', amount: req.amount },
              },
              event: eventOf(req, 'approved', 'approved'),
            }),
          );
        } catch (err) {
          if (!(err instanceof AlreadyMovedError)) throw err;
        }
      }
      const after = await one(caller, v.reqId);
      if (after.status === 'rejected') throw conflict('requestRejected');
      return after;
    },

    /**
     * pending → rejected with a reason: no points move. Rejecting it again answers it as it is (the
     * first reason kept); an approved request answers 409 (docs/domain.md "Rejected requests").
     */
    async reject(caller: MerchantCaller, v: { reqId: number; reason: string }): Promise<RedeemRequest> {
      const req = await repo.byId(caller, v.reqId);
      if (!req) throw notFound('requestNotFound');
      if (req.isApproved !== 1 && req.rejectedAt === null)
        await store.transaction((tx) =>
          applyTransition(tx, caller, {
            change: () => tx.redeems.reject(req.id, v.reason, caller.actor), // false: changed meanwhile
            audit: rejection('redeem', req, v.reason),
            event: eventOf(req, 'rejected', 'rejected'),
          }),
        );
      const after = await one(caller, v.reqId);
      if (after.status !== 'rejected') throw conflict('requestNotPending');
      return after;
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
      const id = await store.transaction(async (tx) => {
        const { id } = await tx.redeems.insert({
          merchantId: merchant.id,
          branchId: branch.id,
          userId: caller.id,
          amount: v.amount,
        });
        await tx.events.append(eventOf({ id, merchantId: merchant.id, branchId: branch.id }, 'created', 'pending'));
        return id;
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
