import type { DeliveryRow, ProductRequest } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, invalidField, notFound } from '../../core/errors';
import { applyTransition, type Transition } from '../../platform/transitions/transition';
import { toDeliveryRow, toProductRequest } from './product-request.mapper';
import { productEvent, settleCompleted } from './product-request-moves';
import { PIN_TRIES } from './product-request-states.repository';
import { transition } from './product-requests.service';
import { scopeOf } from './scope';

/**
 * The courier's side (SPEC §2, §4): their own open assignments in two lists, and the delivery
 * status pending → inProgress → done, only by the assigned courier (anyone else's id answers 404).
 * Done takes the customer's code (issue 26: wrong 422, locked after 5 wrong 409; the merchant then
 * confirms the handover with a reason) and completes the request: points and settlement in the
 * same transaction.
 */
export function deliveriesService(
  deps: ServiceDeps<'journal' | 'ledger' | 'productRequests' | 'products' | 'settlements'>,
) {
  const repo = deps.store.productRequests;

  async function load(caller: MerchantCaller, id: number) {
    const row = await repo.byId({ merchantId: caller.merchantId, employeeId: caller.id }, id);
    if (!row) throw notFound('productRequestNotFound');
    return row;
  }

  type Req = Awaited<ReturnType<typeof load>>;
  /** A delivery step's audit entry and live event, with its change (docs/decisions/0022, one recipe). */
  const step = (req: Req, to: 'inProgress' | 'done', change: () => Promise<boolean>): Transition => ({
    change,
    audit: {
      action: 'productRequest.delivery',
      entity: 'productRequest',
      entityId: req.id,
      branchId: req.branchId,
      before: { deliveryStatus: req.deliveryStatus },
      after: { deliveryStatus: to },
    },
    event: productEvent(req, `delivery.${to}`, to === 'done' ? 'done' : 'pending'),
  });

  /** inProgress → done with the code: a wrong one is counted (at most 5, whatever races) before it answers. */
  async function deliver(caller: MerchantCaller, req: Req, pin: string) {
    const invalid = conflict('invalidDeliveryStatusChange');
    if (req.deliveryStatus !== 'inProgress') throw invalid;
    if (req.pinTries >= PIN_TRIES) throw conflict('pinLocked');
    if (req.deliveryPin !== null && req.deliveryPin !== pin) {
      if (!(await repo.countWrongPin(req.id, caller.id))) throw conflict('pinLocked');
      throw invalidField('pin', 'wrongPin');
    }
    await transition(deps, invalid, async (tx) => {
      const done = step(req, 'done', () => tx.productRequests.completeDelivery(req.id, caller.id, pin));
      if (!(await applyTransition(tx, caller, { ...done, alongside: () => settleCompleted(tx, req) }))) throw invalid;
    });
  }

  return {
    async list(caller: MerchantCaller) {
      const rows = (await repo.openDeliveries(caller.merchantId, caller.id)).map(toDeliveryRow);
      return {
        pendingDeliveryProductRequests: rows.filter((r) => r.deliveryStatus === 'pending'),
        inProgressDeliveryProductRequests: rows.filter((r) => r.deliveryStatus === 'inProgress'),
      };
    },

    async changeStatus(
      caller: MerchantCaller,
      v: { id: number; deliveryStatus: string; pin?: string },
    ): Promise<DeliveryRow> {
      const req = await load(caller, v.id);
      const invalid = conflict('invalidDeliveryStatusChange');
      if (req.status !== 'pending') throw invalid;
      if (v.deliveryStatus === 'inProgress') {
        if (req.deliveryStatus !== 'pending') throw invalid;
        await transition(deps, invalid, async (tx) => {
          const started = step(req, 'inProgress', () => tx.productRequests.startDelivery(req.id, caller.id));
          if (!(await applyTransition(tx, caller, started))) throw invalid;
        });
      } else if (v.deliveryStatus === 'done') {
        if (v.pin === undefined) throw invalidField('pin', 'pinRequired');
        await deliver(caller, req, v.pin);
      } else throw invalid;
      return toDeliveryRow(await load(caller, req.id));
    },

    /** The merchant confirms a delivery in progress handed over without the code (locked, or the customer could not give it). */
    async confirmHandover(caller: MerchantCaller, v: { id: number; reason: string }): Promise<ProductRequest> {
      const scope = scopeOf(caller);
      const req = await repo.byId(scope, v.id);
      if (!req) throw notFound('productRequestNotFound');
      const invalid = conflict('invalidDeliveryStatusChange');
      if (req.status !== 'pending' || req.deliveryStatus !== 'inProgress') throw invalid;
      await transition(deps, invalid, async (tx) => {
        const handedOver = await applyTransition(tx, caller, {
          change: () => tx.productRequests.confirmHandover(caller.merchantId, req.id, caller.actor),
          alongside: () => settleCompleted(tx, req),
          audit: {
            action: 'productRequest.handover',
            entity: 'productRequest',
            entityId: req.id,
            branchId: req.branchId,
            before: { deliveryStatus: 'inProgress', pinTries: req.pinTries },
            after: { deliveryStatus: 'done', reason: v.reason },
          },
          event: productEvent(req, 'delivery.done', 'done'),
        });
        if (!handedOver) throw invalid;
      });
      const after = await repo.byId(scope, req.id);
      if (!after) throw notFound('productRequestNotFound');
      return toProductRequest(after);
    },

    /** The demo's courier reads the code it is told at the door (no call answers it to a courier). */
    async pinForDemo(caller: MerchantCaller, id: number) {
      return (await load(caller, id)).deliveryPin ?? '';
    },
  };
}

export type DeliveriesService = ReturnType<typeof deliveriesService>;
