/**
 * Product requests of the merchant (`merchant/product/req/*`, assignDelivery, the refund
 * confirmation): the tabs' lists, a request's details, Picked, assigning couriers and refunds.
 * Every change refreshes the lists and the request, the dashboard, and the employees (a courier's
 * Employee Info tab lists their assignments).
 */
import type { ProductRequest } from '@loyalty/contract';
import { LIMITS } from '@loyalty/contract/constants';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';
import { keepRequestDetail, requestDetailsCache } from '../../lib/request-cache';
import { useSession } from '../../lib/session';

/** Staff open an order of their branch too (issue 26: one tap from the home): their calls are `merchantUser/…`. */
const useRole = () => useSession().role;
const pathForRole = <S extends string>(role: string | null, suffix: S) =>
  (role === 'merchant' ? `merchant/${suffix}` : `merchantUser/${suffix}`) as `merchant/${S}` | `merchantUser/${S}`;

export type ProductRequestTab = 'pickup' | 'delivery' | 'canceled' | 'rejected';

const keys = queryKeys.productRequests;

/** The filter of each tab (SPEC §2): PickUp and Delivery show what is not canceled, Canceled shows both types. */
const tabFilter = (tab: ProductRequestTab) =>
  tab === 'canceled'
    ? { isCanceled: true }
    : tab === 'rejected'
      ? { status: 'rejected' as const }
      : { type: tab, isCanceled: false };

export const useProductRequests = (tab: ProductRequestTab) =>
  useQuery({
    queryKey: keys.list({ tab }),
    queryFn: async () =>
      (await api.call('merchant/product/req/list', { ...tabFilter(tab), limit: LIMITS.listLimit, pageNum: 1 }))
        .productRequests,
  });

export const useProductRequest = (id: number | null) => {
  const role = useRole();
  return useQuery({
    queryKey: keys.detail({ id }),
    queryFn: () => api.call(pathForRole(role, 'product/req/details'), { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
    // SPEC §3, §9: the last 20 request details are kept on the device
    ...requestDetailsCache<ProductRequest, ReturnType<typeof keys.detail>>(),
  });
};

/** The merchant's active couriers, for the assign-delivery form. */
/** The couriers to assign to: the merchant's active ones; staff (assignCouriers, issue 27) their branch's. */
export const useCouriers = () => {
  const role = useRole();
  return useQuery({
    queryKey: queryKeys.employees.list({ rule: 'delivery', active: true, of: 'assignDelivery', role }),
    queryFn: async () =>
      (role === 'merchant'
        ? await api.call('merchant/user/list', { rule: 'delivery', limit: LIMITS.listLimit, pageNum: 1 })
        : await api.call('merchantUser/courier/list', { limit: LIMITS.listLimit, pageNum: 1 })
      ).rows.filter((e) => e.merchantUser.isActive),
  });
};

/** What every change of a request makes stale: the lists, the dashboard, a courier's assignments. */
const changes = [keys.lists(), queryKeys.me.all, queryKeys.employees.details()];

/** The changed requests, as the server answered them, become their details. */
const setDetails = (qc: QueryClient, changed: ProductRequest[]) => {
  for (const r of changed) {
    qc.setQueryData(keys.detail({ id: r.id }), r);
    keepRequestDetail(qc, keys.detail({ id: r.id }));
  }
};

/** Picked: a pending pickup becomes done. */
export const useMarkPicked = () =>
  useAppMutation({
    mutationFn: (id: number) => api.call('merchant/product/req/changeStatus', { id, status: 'done' }),
    apply: (r, _id, qc) => setDetails(qc, [r]),
    invalidates: changes,
    success: 'msg.markedPicked',
  });

/** Reject with a reason: a pending order (not yet on its way) is rejected, its stock comes back. */
export const useRejectOrder = () => {
  const role = useRole();
  return useAppMutation({
    mutationFn: (v: { reqId: number; reason: string }) => api.call(pathForRole(role, 'product/req/reject'), v),
    apply: (r, _v, qc) => setDetails(qc, [r]),
    invalidates: changes,
    success: 'reject.done',
  });
};

/** The merchant confirms a delivery's handover without the customer's code, with a reason (issue 26). */
export const useConfirmHandover = () =>
  useAppMutation({
    mutationFn: (v: { id: number; reason: string }) => api.call('merchant/product/req/confirmHandover', v),
    apply: (r, _v, qc) => setDetails(qc, [r]),
    invalidates: changes,
    success: 'product-requests.handover.done',
  });

/** The refund confirmation's call: merchants `user/req/confirm/refund`, staff (refunds, issue 27) `merchantUser/req/confirm/refund`. */
export const refundPath = (role: string | null) =>
  role === 'merchant' ? ('user/req/confirm/refund' as const) : ('merchantUser/req/confirm/refund' as const);

/**
 * Refund: the comment confirms it, refund.pending becomes refund.done (and unmounts the form). A
 * staff member's refusal (`needs: manager`, the merchant's threshold) opens "Manager approval".
 */
export const useConfirmRefund = () => {
  const role = useRole();
  return useAppMutation({
    mutationFn: ({ overridePin, ...v }: { reqId: number; comment: string; overridePin?: string }) =>
      api.call(refundPath(role), v, { overridePin }),
    apply: (r, _v, qc) => setDetails(qc, [r]),
    invalidates: changes,
    success: 'msg.refundConfirmed',
    meta: { managerApproval: true },
  });
};

/** Assigning couriers: merchants any order; staff (assignCouriers, issue 27) their branch's, to their branch's couriers. */
export const useAssignDelivery = () => {
  const role = useRole();
  return useAppMutation({
    mutationFn: (v: { productRequestIds: number[]; employeeId: number }) =>
      api.call(
        role === 'merchant'
          ? 'merchant/product/employee/assignDelivery'
          : 'merchantUser/product/employee/assignDelivery',
        v,
      ),
    apply: (res, _v, qc) => setDetails(qc, res.assigned),
    invalidates: changes,
    success: 'msg.assignedSuccessfully',
  });
};

/** Accept in time: a new order accepted with its preparation minutes. */
export const useAcceptOrder = () => {
  const role = useRole();
  return useAppMutation({
    mutationFn: (v: { id: number; prepMinutes: number }) => api.call(pathForRole(role, 'product/req/accept'), v),
    apply: (r, _v, qc) => setDetails(qc, [r]),
    invalidates: changes,
    success: 'product-requests.accept.done',
  });
};

/** Ready: an accepted order is ready (its courier is told). */
export const useMarkReady = () => {
  const role = useRole();
  return useAppMutation({
    mutationFn: (id: number) => api.call(pathForRole(role, 'product/req/ready'), { id }),
    apply: (r, _id, qc) => setDetails(qc, [r]),
    invalidates: changes,
    success: 'product-requests.accept.readyDone',
  });
};
