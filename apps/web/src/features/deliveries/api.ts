/**
 * The courier's deliveries (`merchantUser/product/req/*`): the two lists, one delivery and its
 * status. A status change refreshes the lists, the delivery and the dashboard count.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';

export const deliveryKeys = {
  all: ['deliveries'] as const,
  lists: () => [...deliveryKeys.all, 'lists'] as const,
  detail: (id: number) => [...deliveryKeys.all, 'detail', id] as const,
};

export const useDeliveries = () =>
  useQuery({ queryKey: deliveryKeys.lists(), queryFn: () => api.call('merchantUser/product/req/list', {}) });

export const useDelivery = (id: number) =>
  useQuery({
    queryKey: deliveryKeys.detail(id),
    queryFn: () => api.call('merchantUser/product/req/details', { id }),
    enabled: id > 0,
    retry: false,
  });

export const useChangeDeliveryStatus = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; deliveryStatus: 'inProgress' | 'done' }) =>
      api.call('merchantUser/product/req/changeStatus', v),
    onSuccess: (_row, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: deliveryKeys.all }),
        qc.invalidateQueries({ queryKey: meKeys.all }),
      ]).then(() => v),
  });
};
