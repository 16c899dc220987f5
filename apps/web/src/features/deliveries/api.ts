/**
 * The courier's deliveries (`merchantUser/product/req/*`): the two lists, one delivery and its
 * status. A status change refreshes the lists, the delivery and the dashboard count.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';
import { enqueue, isOffline, newIdempotencyKey } from './offline-queue';

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

export const useChangeDeliveryStatus = () =>
  useAppMutation({
    // run even offline (TanStack Query would pause it): the outbox takes over then
    networkMode: 'always',
    /**
     * Every change carries an idempotency key; without a connection it waits in the device's outbox
     * (offline-queue.ts) and the answer is `queued`.
     */
    mutationFn: async (v: { id: number; deliveryStatus: 'inProgress' | 'done'; pin?: string }) => {
      const key = newIdempotencyKey();
      if (!navigator.onLine) {
        await enqueue({ key, ...v });
        return { queued: true as const };
      }
      try {
        await api.call('merchantUser/product/req/changeStatus', { ...v, idempotencyKey: key });
        return { queued: false as const };
      } catch (e) {
        if (!isOffline(e)) throw e;
        await enqueue({ key, ...v });
        return { queued: true as const };
      }
    },
    invalidates: [keys.all, queryKeys.me.all],
    success: (res, v) =>
      res.queued
        ? { info: 'deliveries.queued' }
        : v.deliveryStatus === 'done'
          ? 'deliveries.delivered'
          : 'deliveries.started',
  });
