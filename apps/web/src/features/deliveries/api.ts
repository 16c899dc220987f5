/**
 * The courier's deliveries (`merchantUser/product/req/*`): the two lists, one delivery and its
 * status. A status change refreshes the lists, the delivery and the dashboard count.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.deliveries;

export const useDeliveries = () =>
  useQuery({ queryKey: keys.list(), queryFn: () => api.call('merchantUser/product/req/list', {}) });

export const useDelivery = (id: number | null) =>
  useQuery({
    queryKey: keys.detail({ id }),
    queryFn: () => api.call('merchantUser/product/req/details', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useChangeDeliveryStatus = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; deliveryStatus: 'inProgress' | 'done' }) =>
      api.call('merchantUser/product/req/changeStatus', v),
    onSuccess: (_row, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.all }),
        qc.invalidateQueries({ queryKey: queryKeys.me.all }),
      ]).then(() => v),
  });
};
