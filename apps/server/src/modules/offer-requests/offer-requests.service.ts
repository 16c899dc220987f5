import { randomInt } from 'node:crypto';
import { clock, type OfferRequest, type OfferRequestStatus, type PayWith } from '@loyalty/contract';
import { approvalStamp, type CustomerCaller, type MerchantCaller, type TenantScope } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';
import { pageOf } from '../../lib/paging';
import { auditRow } from '../../platform/audit/audit';
import {
  AlreadyMovedError,
  LEDGER_REASONS,
  legsOf,
  type Move,
  move,
  refusalOf,
} from '../../platform/ledger/ledger.service';
import { applyTransition, rejection } from '../../platform/transitions/transition';
import type { Repos } from '../../repositories/registry';
import { refuseWhenClosed } from '../branches/branch-open';
import { type Notifier, silentNotifier } from '../push/push.service';
import { toOfferRequest } from './offer-request.mapper';
import type { OfferRequestOne, OfferRequestPageRow } from './offer-requests.repository';
import { offerProblem } from './offer-rules';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Offer requests (SPEC §2-§4; docs/domain.md, the ledger): a customer asks for an offer at a branch; staff of that
 * branch or the merchant approve it: pending → done, one offer taken, points moved when paid with
 * points. Approval is idempotent: approving a done request answers it again and moves nothing.
 */
/** The live feed's event of a new or changed offer request (docs/architecture.md "Live feed"). */
const eventOf = (r: { id: number; merchantId: number; branchId: number }, action: string, status: string) => ({
  ...eventAt(r, action, status),
  branchId: r.branchId,
});
/** The same event without its branch (the approval's statement reads it from the request on PostgreSQL). */
const eventAt = (r: { id: number; merchantId: number }, action: string, status: string) => ({
  merchantId: r.merchantId,
  employeeId: null,
  kind: 'offerRequest' as const,
  entityId: r.id,
  action,
  status,
});

/** The audit entry of request `id`'s approval (at the caller's branch until the request's is known). */
const approvalEntry = (id: number, branchId?: number) =>
  ({
    action: 'offerRequest.approve',
    entity: 'offerRequest',
    entityId: id,
    branchId,
    before: { status: 'pending' },
    after: { status: 'done' },
  }) as const;

/** The ledger's reference of request `id`'s points: one movement per request (its unique key). */
const pointsReference = (id: number) => `offer_request:${id}`;

export function offerRequestsService(
  { store }: ServiceDeps<'events' | 'journal' | 'ledger' | 'offerApproval' | 'offerRequests'>,
  notify: Notifier = silentNotifier,
) {
  const repo = store.offerRequests;

  async function present(rows: OfferRequestPageRow[]): Promise<OfferRequest[]> {
    const images = await repo.imagesOf(rows);
    return rows.map((r) => toOfferRequest(r, images.get(r.offerId)));
  }

  const imagesOf = (row: OfferRequestOne) => row.imagePaths?.split('\n');

  async function one(scope: TenantScope, id: number): Promise<OfferRequest> {
    const row = await repo.byId(scope, id);
    if (!row) throw notFound('requestNotFound');
    return toOfferRequest(row, imagesOf(row));
  }

  /** The points a request paid with points moves: customer → merchant. */
  const pointsOf = (req: OfferRequestOne): Move | undefined =>
    req.payWith === 'points' && req.points > 0
      ? {
          from: { type: 'user', id: req.userId },
          to: { type: 'merchant', id: req.merchantId },
          amount: req.points,
          reason: LEDGER_REASONS.offerRequest,
          reference: pointsReference(req.id),
          guardedByChange: true,
        }
      : undefined;

  /** 409 for why request `req`'s offer could not be taken on `day` (sold out, not active, expired). */
  const soldOut = async (repos: Pick<Repos, 'offerRequests'>, req: OfferRequestOne, day: string) =>
    conflict(offerProblem(await repos.offerRequests.offerState(req.offerId), day) ?? 'offerSoldOut');

  /** The request as a done request: the row read before the change, as the change left it. */
  const asDone = (req: OfferRequestOne, doneAt: string) =>
    toOfferRequest({ ...req, status: 'done', isAproved: 1, isActive: 0, updatedAt: doneAt }, imagesOf(req));

  /**
   * SQLite: pending → done in one transaction: the request (only if still pending), one offer (only
   * if active, current and not sold out), the points (customer → merchant when paid with points),
   * its audit row and event, all or nothing. Answers the request's new updatedAt, or null when it was
   * no longer pending (approved or rejected meanwhile: nothing moved); a sold-out offer or too few
   * points: 409, nothing changes. PostgreSQL runs all of it as one statement (`approveInOne`).
   */
  async function approvePending(caller: MerchantCaller, req: OfferRequestOne): Promise<string | null> {
    const day = clock.today();
    const approver = approvalStamp(caller.actor);
    const points = pointsOf(req);
    let doneAt = null as string | null; // set by the change, inside the transaction
    try {
      await store.transaction((tx) =>
        applyTransition(tx, caller, {
          change: async () => {
            // the request (only if still pending) and one offer (only if active, current and not sold out)
            const moved = await tx.offerApproval.approve(req.id, req.offerId, day, approver);
            doneAt = moved.doneAt;
            // read in the transaction (SQLite's one connection is held by it)
            if (doneAt !== null && !moved.taken) throw await soldOut(tx, req, day);
            return doneAt !== null;
          },
          alongside: async () => {
            if (points) await move(tx, points);
          },
          audit: approvalEntry(req.id, req.branchId),
          event: eventOf(req, 'approved', 'done'),
        }),
      );
    } catch (err) {
      if (!(err instanceof AlreadyMovedError)) throw err;
      return null; // rolled back: another transaction moved the points first
    }
    return doneAt;
  }

  /**
   * PostgreSQL: the whole approval as one statement read from the request's own row, no transaction
   * around it (repositories/offer-approval.ts, decision 0025): one round trip after the caller's.
   * Answers the request, or undefined when it was approved or rejected meanwhile (or its points
   * moved by another): nothing moved, and the caller reads it as it now is.
   */
  async function approveInOne(
    atOnce: NonNullable<typeof store.offerApproval.approveRequest>,
    caller: MerchantCaller & { branchId?: number },
    reqId: number,
  ): Promise<OfferRequest | undefined> {
    const day = clock.today();
    const outcome = await atOnce({
      id: reqId,
      scope: { merchantId: caller.merchantId, branchId: caller.branchId },
      day,
      approver: approvalStamp(caller.actor),
      points: { reason: LEDGER_REASONS.offerRequest, reference: pointsReference(reqId) },
      audit: auditRow(caller, approvalEntry(reqId)),
      event: eventAt({ id: reqId, merchantId: caller.merchantId }, 'approved', 'done'),
    });
    if (outcome === undefined) throw notFound('requestNotFound');
    if ('row' in outcome) {
      if (outcome.doneAt !== null) return asDone(outcome.row, outcome.doneAt);
      // no longer pending when read: nothing written
      if (outcome.row.status === 'rejected') throw conflict('requestRejected');
      return toOfferRequest(outcome.row, imagesOf(outcome.row));
    }
    const refused = outcome.refused;
    if (refused === 'notPending' || refused === 'alreadyMoved') return undefined;
    // the statement undid itself: why, read from the request (its offer sold out or the customer's
    // points spent since the request was made)
    const req = await repo.byId(caller, reqId);
    if (!req) throw notFound('requestNotFound');
    if (refused === 'offer') throw await soldOut(store, req, day);
    const points = pointsOf(req);
    if (!points) return undefined; // changed meanwhile: read as it now is
    throw await refusalOf(store, legsOf(points)[refused === 'leg1' ? 0 : 1]);
  }

  return {
    async list(
      caller: MerchantCaller,
      v: { status?: OfferRequestStatus; mobile?: string; pageNum?: number; limit?: number },
    ) {
      const { rows, count } = await repo.list(caller, { status: v.status, mobile: v.mobile, ...pageOf(v) });
      return { rows: await present(rows), count };
    },

    /** user/req/list: a customer's own requests, with status and any reject reason. */
    async listOfCustomer(caller: CustomerCaller, v: { status?: OfferRequestStatus; pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.list({ userId: caller.id }, { status: v.status, ...pageOf(v) });
      return { rows: await present(rows), count };
    },

    details: (caller: MerchantCaller, reqId: number) => one(caller, reqId),

    /**
     * pending → done in one transaction: the request (only if still pending), one offer (only if
     * active, current and not sold out), the points (customer → merchant when paid with points).
     * Anything failing answers 409 and changes nothing. A request already done answers 200 as it is.
     */
    async approve(caller: MerchantCaller, reqId: number): Promise<OfferRequest> {
      // this call made the change: the answer is the row read before it, as the change left it (no
      // read-back after it: bench/README.md, "Approvals")
      const atOnce = store.offerApproval.approveRequest;
      if (atOnce && caller.branchId !== null) {
        const answer = await approveInOne(atOnce, { ...caller, branchId: caller.branchId }, reqId);
        if (answer) return answer;
      } else {
        const req = await repo.byId(caller, reqId);
        if (!req) throw notFound('requestNotFound');
        if (req.status === 'rejected') throw conflict('requestRejected');
        if (req.status === 'pending') {
          const doneAt = await approvePending(caller, req);
          if (doneAt !== null) return asDone(req, doneAt);
        }
      }
      const after = await one(caller, reqId);
      if (after.status === 'rejected') throw conflict('requestRejected');
      return after;
    },

    /**
     * pending → rejected with a reason (docs/domain.md "Rejected requests"): nothing else moves. A
     * request already rejected answers 200 as it is (its first reason kept); a done one answers 409.
     */
    async reject(caller: MerchantCaller, v: { reqId: number; reason: string }): Promise<OfferRequest> {
      const req = await repo.byId(caller, v.reqId);
      if (!req) throw notFound('requestNotFound');
      if (req.status === 'pending') {
        await store.transaction((tx) =>
          applyTransition(tx, caller, {
            change: () => tx.offerRequests.reject(req.id, v.reason, caller.actor), // false: changed meanwhile
            audit: rejection('offerRequest', req, v.reason),
            event: eventOf(req, 'rejected', 'rejected'),
          }),
        );
      }
      const after = await one(caller, v.reqId);
      if (after.status !== 'rejected') throw conflict('requestNotPending');
      return after;
    },

    /** A customer asks for an offer at one of its branches (user/offer/request). */
    async create(
      caller: CustomerCaller,
      v: { offerId: number; branchId: number; payWith: PayWith },
    ): Promise<OfferRequest> {
      const offer = await repo.offerForRequest(v.offerId);
      if (!offer) throw notFound('offerNotFound');
      if (offer.merchantStatus !== 'approved' || offer.merchantIsLive !== 1) throw conflict('merchantNotLive');
      const problem = offerProblem(offer);
      if (problem) throw conflict(problem);
      const branch = await repo.branchCarrying(offer.id, v.branchId);
      if (!branch) throw conflict('branchDoesNotCarryOffer');
      if (branch.isActive !== 1) throw conflict('branchInactive');
      refuseWhenClosed(branch);
      if (v.payWith === 'points' && (await repo.customerBalance(caller.id)) < offer.points)
        throw conflict('notEnoughPoints');
      for (let attempt = 0; ; attempt++) {
        try {
          const id = await store.transaction(async (tx) => {
            const { id } = await tx.offerRequests.insert({
              merchantId: offer.merchantId,
              offerId: offer.id,
              branchId: branch.id,
              userId: caller.id,
              payWith: v.payWith,
              priceCents: offer.priceCents,
              points: offer.points,
              status: 'pending',
              isAproved: 0,
              isActive: 1,
              code: newCode(),
            });
            await tx.events.append(
              eventOf({ id, merchantId: offer.merchantId, branchId: branch.id }, 'created', 'pending'),
            );
            return id;
          });
          const created = await one({ merchantId: offer.merchantId, branchId: undefined }, id);
          notify.notifyBranch(offer.merchantId, branch.id, {
            title: 'pushOfferRequestTitle',
            body: 'pushOfferRequestBody',
            vars: {
              name: created.user.name,
              subject: { en: created.offerDetail.title, ar: created.offerDetail.titleAr },
            },
            data: { id: created.id, type: 'offerRequest' },
          });
          return created;
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 4) throw err; // a code collision: draw another
        }
      }
    },
  };
}

export type OfferRequestsService = ReturnType<typeof offerRequestsService>;
