/**
 * Offer requests (`merchant/req/*`, `merchantUser/req/*`): lists by status or customer mobile,
 * details and approval. Approval changes the lists, the dashboard (balance, pending count) and the
 * offer screens (availability, Requests tab), so it invalidates all of them.
 */
import type { OfferRequestStatus } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';
import { offerKeys } from '../../lib/queries/offers';
import type { RequestRole } from './use-request-role';

export interface RequestFilter {
  status?: OfferRequestStatus;
  mobile?: string;
  pageNum: number;
  limit: number;
}

export const requestKeys = {
  all: ['offerRequests'] as const,
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (role: RequestRole | null, f: RequestFilter) => [...requestKeys.lists(), role, f] as const,
  details: () => [...requestKeys.all, 'detail'] as const,
  detail: (role: RequestRole | null, id: number) => [...requestKeys.details(), role, id] as const,
};

export const useRequestList = (role: RequestRole | null, f: RequestFilter, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: requestKeys.list(role, f),
    queryFn: () => (role === 'merchant' ? api.call('merchant/req/list', f) : api.call('merchantUser/req/list', f)),
    enabled: role !== null && (options.enabled ?? true),
    placeholderData: (previous) => previous,
  });

export const useRequestDetails = (role: RequestRole | null, id: number) =>
  useQuery({
    queryKey: requestKeys.detail(role, id),
    queryFn: () =>
      role === 'merchant'
        ? api.call('merchant/req/details', { reqId: id })
        : api.call('merchantUser/req/details', { reqId: id }),
    enabled: role !== null && id > 0,
  });

export const useApproveRequest = (role: RequestRole | null) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      role === 'merchant'
        ? api.call('merchant/req/approve', { reqId: id })
        : api.call('merchantUser/req/approve', { reqId: id }),
    onSuccess: (request) => {
      qc.setQueryData(requestKeys.detail(role, request.id), request);
      return Promise.all([
        qc.invalidateQueries({ queryKey: requestKeys.lists() }),
        qc.invalidateQueries({ queryKey: meKeys.all }),
        qc.invalidateQueries({ queryKey: offerKeys.all }),
      ]);
    },
  });
};
