/** Settlements, the merchant's side (`merchant/settlement/*`): the initial and pending lists and one settlement. */
import { LIMITS } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type SettlementTab = 'initial' | 'pending';

const keys = queryKeys.settlements;

export const useSettlementList = (status: SettlementTab) =>
  useQuery({
    queryKey: keys.list({ status }),
    queryFn: () =>
      status === 'initial'
        ? api.call('merchant/settlement/initial/list', { limit: LIMITS.listLimit })
        : api.call('merchant/settlement/pending/list', { limit: LIMITS.listLimit }),
  });

export const useSettlement = (id: number | null) =>
  useQuery({
    queryKey: keys.detail({ id }),
    queryFn: () => api.call('merchant/settlement/details', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });
