/** The merchant's branches (`merchant/branch/list`), shared by the branches screens and the offer form's branch picker. */
import { LIMITS } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const branchKeys = {
  all: ['branches'] as const,
  lists: () => [...branchKeys.all, 'list'] as const,
  list: (page: { pageNum: number; limit: number }) => [...branchKeys.lists(), page] as const,
  details: () => [...branchKeys.all, 'detail'] as const,
  detail: (id: number) => [...branchKeys.details(), id] as const,
};

export const useBranchList = (options: { enabled?: boolean } = {}) => {
  const page = { pageNum: 1, limit: LIMITS.listLimit };
  return useQuery({
    queryKey: branchKeys.list(page),
    queryFn: () => api.call('merchant/branch/list', page),
    enabled: options.enabled ?? true,
  });
};

/** The branches as picker options (`{ value: id, label: branchName }`), for branch selects. */
export const useBranchOptions = () => {
  const list = useBranchList();
  return {
    ...list,
    data: list.data?.rows.map((b) => ({ value: String(b.id), label: b.branchName })),
  };
};
