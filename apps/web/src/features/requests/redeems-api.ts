/** Redeem requests (`merchant/req/redeem/*`, `merchantUser/req/redeem/*`): list, detail, approval. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';
import type { RequestRole } from './use-request-role';

export const redeemKeys = {
  all: ['redeems'] as const,
  lists: () => [...redeemKeys.all, 'list'] as const,
  list: (role: RequestRole | null, pageNum: number, limit: number) =>
    [...redeemKeys.lists(), role, pageNum, limit] as const,
  detail: (role: RequestRole | null, id: number) => [...redeemKeys.all, 'detail', role, id] as const,
};

export const useRedeemList = (role: RequestRole | null, pageNum: number, limit: number) =>
  useQuery({
    queryKey: redeemKeys.list(role, pageNum, limit),
    queryFn: () =>
      role === 'merchant'
        ? api.call('merchant/req/redeem/list', { pageNum, limit })
        : api.call('merchantUser/req/redeem/list', { pageNum, limit }),
    enabled: role !== null,
    placeholderData: (previous) => previous,
  });

export const useRedeemDetail = (role: RequestRole | null, id: number) =>
  useQuery({
    queryKey: redeemKeys.detail(role, id),
    queryFn: () =>
      role === 'merchant'
        ? api.call('merchant/req/redeem/detail', { reqId: id })
        : api.call('merchantUser/req/redeem/detail', { reqId: id }),
    enabled: role !== null && id > 0,
  });

export const useApproveRedeem = (role: RequestRole | null) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      role === 'merchant'
        ? api.call('merchant/req/redeem/approve', { reqId: id, isApproved: true })
        : api.call('merchantUser/req/redeem/approve', { reqId: id, isApproved: true }),
    onSuccess: (redeem) => {
      qc.setQueryData(redeemKeys.detail(role, redeem.id), redeem);
      return Promise.all([
        qc.invalidateQueries({ queryKey: redeemKeys.lists() }),
        qc.invalidateQueries({ queryKey: meKeys.all }),
      ]);
    },
  });
};
