import type { DeliveryRow } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import { conflict, notFound } from '../../core/errors';
import type { Deps } from '../../deps';
import type { Repos } from '../../repositories';
import { audit } from '../activity/audit';
import { toDeliveryRow } from './product-request.mapper';
import { productEvent, settleCompleted } from './product-request-moves';
import { transition } from './product-requests.service';

/**
 * The courier's side (SPEC §2, §4): their own open assignments in two lists, and the delivery
 * status pending → inProgress → done, only by the assigned courier (anyone else's id answers 404).
 * Done completes the request: points and settlement in the same transaction.
 */
export function deliveriesService(deps: Pick<Deps, 'store'>) {
  const repo = deps.store.productRequests;

  async function load(caller: MerchantCaller, id: number) {
    const row = await repo.byId({ merchantId: caller.merchantId, employeeId: caller.id }, id);
    if (!row) throw notFound('productRequestNotFound');
    return row;
  }

  return {
    async list(caller: MerchantCaller) {
      const rows = (await repo.openDeliveries(caller.merchantId, caller.id)).map(toDeliveryRow);
      return {
        pendingDeliveryProductRequests: rows.filter((r) => r.deliveryStatus === 'pending'),
        inProgressDeliveryProductRequests: rows.filter((r) => r.deliveryStatus === 'inProgress'),
      };
    },

    async changeStatus(caller: MerchantCaller, v: { id: number; deliveryStatus: string }): Promise<DeliveryRow> {
      const req = await load(caller, v.id);
      const invalid = conflict('invalidDeliveryStatusChange');
      if (req.status !== 'pending') throw invalid;
      const trail = async (tx: Repos, to: string, status: string) => {
        await audit(tx, caller, {
          action: 'productRequest.delivery',
          entity: 'productRequest',
          entityId: req.id,
          branchId: req.branchId,
          before: { deliveryStatus: req.deliveryStatus },
          after: { deliveryStatus: to },
        });
        await tx.events.append(productEvent(req, `delivery.${to}`, status));
      };
      if (v.deliveryStatus === 'inProgress') {
        if (req.deliveryStatus !== 'pending') throw invalid;
        await transition(deps, invalid, async (tx) => {
          if (!(await tx.productRequests.startDelivery(req.id, caller.id))) throw invalid;
          await trail(tx, 'inProgress', 'pending');
        });
      } else if (v.deliveryStatus === 'done') {
        if (req.deliveryStatus !== 'inProgress') throw invalid;
        await transition(deps, invalid, async (tx) => {
          if (!(await tx.productRequests.completeDelivery(req.id, caller.id))) throw invalid;
          await settleCompleted(tx, req);
          await trail(tx, 'done', 'done');
        });
      } else throw invalid;
      return toDeliveryRow(await load(caller, req.id));
    },
  };
}

export type DeliveriesService = ReturnType<typeof deliveriesService>;
