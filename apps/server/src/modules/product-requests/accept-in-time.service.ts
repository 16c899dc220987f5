import { type Language, NOT_ACCEPTED_IN_TIME, type ProductRequest } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, notFound } from '../../core/errors';
import { applyTransition } from '../../platform/transitions/transition';
import { returnProductStock } from '../products/product-stock';
import { type Notifier, silentNotifier } from '../push/push.service';
import { toProductRequest } from './product-request.mapper';
import { productEvent } from './product-request-moves';
import { transition } from './product-requests.service';
import { scopeOf } from './scope';

/** The most requests one sweep cancels or reminds of (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Accept in time (docs/domain.md "Accepting in time"): staff or the merchant accept a new product
 * request with the preparation minutes, then say it is ready (the assigned courier is told). The
 * sweep cancels what nobody accepted within the merchant's limit, the product back in stock, and
 * reminds the owner at half of it; each step is a conditional update, so several servers sweeping
 * at once move each request once.
 */
export function acceptInTimeService(
  deps: ServiceDeps<'events' | 'journal' | 'productRequests' | 'products'>,
  notify: Notifier = silentNotifier,
) {
  const repo = deps.store.productRequests;

  async function load(caller: MerchantCaller, id: number) {
    const row = await repo.byId(scopeOf(caller), id);
    if (!row) throw notFound('productRequestNotFound');
    return row;
  }

  return {
    /** A new request → accepted (who, when, prep minutes, ready by); accepted already: answered as it is. */
    async accept(
      caller: MerchantCaller,
      v: { id: number; prepMinutes: number },
      lang: Language,
    ): Promise<ProductRequest> {
      const req = await load(caller, v.id);
      if (req.acceptedAt !== null && req.status === 'pending') return toProductRequest(req, lang);
      const refused = conflict('cannotAcceptOrder');
      if (req.status !== 'pending') throw refused;
      let lost = false;
      await transition(deps, refused, async (tx) => {
        lost = !(await applyTransition(tx, caller, {
          change: () => tx.productRequests.accept(req.id, v.prepMinutes, caller.actor),
          audit: {
            action: 'productRequest.accept',
            entity: 'productRequest',
            entityId: req.id,
            branchId: req.branchId,
            before: { prepMinutes: null },
            after: { prepMinutes: v.prepMinutes },
          },
          event: productEvent(req, 'accepted', 'pending'),
        }));
      });
      const after = await load(caller, req.id);
      // lost to another accept (a double tap, two staff): the accepted request; to a cancel: 409
      if (lost && (after.acceptedAt === null || after.status !== 'pending')) throw refused;
      return toProductRequest(after, lang);
    },

    /** An accepted, open request → ready; the assigned courier is told. Ready already: answered as it is. */
    async ready(caller: MerchantCaller, id: number, lang: Language): Promise<ProductRequest> {
      const req = await load(caller, id);
      if (req.readyAt !== null && req.status === 'pending') return toProductRequest(req, lang);
      const refused = conflict('cannotMarkReady');
      if (req.status !== 'pending' || req.acceptedAt === null) throw refused;
      let lost = false;
      await transition(deps, refused, async (tx) => {
        lost = !(await applyTransition(tx, caller, {
          change: () => tx.productRequests.markReady(req.id, caller.actor),
          audit: {
            action: 'productRequest.ready',
            entity: 'productRequest',
            entityId: req.id,
            branchId: req.branchId,
            before: { ready: false },
            after: { ready: true },
          },
          event: productEvent(req, 'ready', 'pending'),
        }));
      });
      const after = await load(caller, req.id);
      if (lost) {
        if (after.readyAt === null || after.status !== 'pending') throw refused;
        return toProductRequest(after, lang);
      }
      if (after.employeeId !== null)
        notify.notifyStaffMember(after.employeeId, {
          title: 'pushReadyTitle',
          body: 'pushReadyBody',
          vars: { name: after.userName, subject: { en: after.productName, ar: after.productNameAr } },
          data: { id: after.id, type: 'delivery' },
        });
      return toProductRequest(after, lang);
    },

    /**
     * One pass of the sweep: cancels the requests past their merchant's limit (stock back, the reason
     * recorded, a feed event) and reminds the owners of those past half of it. Answers what this
     * process did (another one sweeping at once did the rest).
     */
    async sweep(): Promise<{ canceled: number[]; reminded: number[] }> {
      const canceled: number[] = [];
      for (const r of await repo.unacceptedOlderThan(1, SWEEP_BATCH)) {
        const done = await deps.store.transaction(async (tx) => {
          if (!(await tx.productRequests.autoCancel(r.id, NOT_ACCEPTED_IN_TIME))) return false;
          await returnProductStock(tx, r.productId);
          await tx.events.append(productEvent(r, 'autoCanceled', 'canceled'));
          return true;
        });
        if (done) canceled.push(r.id);
      }
      const reminded: number[] = [];
      for (const r of await repo.unacceptedOlderThan(0.5, SWEEP_BATCH)) {
        if (!(await repo.markReminded(r.id))) continue;
        reminded.push(r.id);
        const row = await repo.byId({ merchantId: r.merchantId }, r.id);
        if (row)
          notify.notifyMerchant(r.merchantId, {
            title: 'pushAcceptReminderTitle',
            body: 'pushAcceptReminderBody',
            vars: { name: row.userName, subject: { en: row.productName, ar: row.productNameAr } },
            data: { id: r.id, type: 'productRequest' },
          });
      }
      return { canceled, reminded };
    },
  };
}

export type AcceptInTimeService = ReturnType<typeof acceptInTimeService>;

/**
 * The sweep on an interval (like the SMS outbox's worker): started by the app, stopped on close
 * (waiting for a pass under way). A failed pass is logged and the next one tries again.
 */
export function acceptSweeper(
  service: AcceptInTimeService,
  log: { warn: (obj: object, msg: string) => void },
  intervalMs: number,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = service
      .sweep()
      .catch((err) => log.warn({ err }, 'accept sweep: pass failed'))
      .finally(() => {
        busy = false;
      });
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
