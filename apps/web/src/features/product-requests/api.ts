/**
 * Product requests of the merchant (`merchant/product/req/*`, assignDelivery, the refund
 * confirmation): the tabs' lists, a request's details, Picked, assigning couriers and refunds.
 * Every change refreshes the lists and the request; an assignment also the courier's details
 * (the employees feature's `['employees']` queries: Employee Info tab).
 */
import { LIMITS, type ProductRequest } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';

export type ProductRequestTab = 'pickup' | 'delivery' | 'canceled';

export const productRequestKeys = {
  all: ['productRequests'] as const,
  lists: () => [...productRequestKeys.all, 'list'] as const,
  list: (tab: ProductRequestTab) => [...productRequestKeys.lists(), tab] as const,
  details: () => [...productRequestKeys.all, 'detail'] as const,
  detail: (id: number) => [...productRequestKeys.details(), id] as const,
  couriers: () => [...productRequestKeys.all, 'couriers'] as const,
};

/** The filter of each tab (SPEC §2): PickUp and Delivery show what is not canceled, Canceled shows both types. */
const tabFilter = (tab: ProductRequestTab) =>
  tab === 'canceled' ? { isCanceled: true } : { type: tab, isCanceled: false };

export const useProductRequests = (tab: ProductRequestTab) =>
  useQuery({
    queryKey: productRequestKeys.list(tab),
    queryFn: async () =>
      (await api.call('merchant/product/req/list', { ...tabFilter(tab), limit: LIMITS.listLimit, pageNum: 1 }))
        .productRequests,
  });

export const useProductRequest = (id: number) =>
  useQuery({
    queryKey: productRequestKeys.detail(id),
    queryFn: () => api.call('merchant/product/req/details', { id }),
    enabled: id > 0,
    retry: false,
  });

/** The merchant's active couriers, for the assign-delivery form. */
export const useCouriers = () =>
  useQuery({
    queryKey: productRequestKeys.couriers(),
    queryFn: async () =>
      (await api.call('merchant/user/list', { rule: 'delivery', limit: LIMITS.listLimit, pageNum: 1 })).rows.filter(
        (e) => e.merchantUser.isActive,
      ),
  });

const useRefresh = () => {
  const qc = useQueryClient();
  return (changed: ProductRequest[]) => {
    for (const r of changed) qc.setQueryData(productRequestKeys.detail(r.id), r);
    return Promise.all([
      qc.invalidateQueries({ queryKey: productRequestKeys.lists() }),
      qc.invalidateQueries({ queryKey: meKeys.all }),
      qc.invalidateQueries({ queryKey: ['employees'] }),
    ]);
  };
};

/** Picked: a pending pickup becomes done. */
export const useMarkPicked = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.call('merchant/product/req/changeStatus', { id, status: 'done' }),
    onSuccess: (r) => refresh([r]),
  });
};

export const useConfirmRefund = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { reqId: number; comment: string }) => api.call('user/req/confirm/refund', v),
    onSuccess: (r) => refresh([r]),
  });
};

export const useAssignDelivery = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { productRequestIds: number[]; employeeId: number }) =>
      api.call('merchant/product/employee/assignDelivery', v),
    onSuccess: (res) => refresh(res.assigned),
  });
};
