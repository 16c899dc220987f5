/** Settlements, the merchant's side (`merchant/settlement/*`): the initial and pending lists and one settlement. */
import { LIMITS } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type SettlementTab = 'initial' | 'pending';

export const settlementKeys = {
  all: ['settlements'] as const,
  list: (status: SettlementTab) => [...settlementKeys.all, 'list', status] as const,
  detail: (id: number) => [...settlementKeys.all, 'detail', id] as const,
};

export const useSettlementList = (status: SettlementTab) =>
  useQuery({
    queryKey: settlementKeys.list(status),
    queryFn: () =>
      status === 'initial'
        ? api.call('merchant/settlement/initial/list', { limit: LIMITS.listLimit })
        : api.call('merchant/settlement/pending/list', { limit: LIMITS.listLimit }),
  });

export const useSettlement = (id: number) =>
  useQuery({
    queryKey: settlementKeys.detail(id),
    queryFn: () => api.call('merchant/settlement/details', { id }),
    enabled: id > 0,
  });

export const idParam = (value: string | undefined): number => (value && /^\d{1,10}$/.test(value) ? Number(value) : 0);
