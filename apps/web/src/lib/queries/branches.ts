/** The merchant's branches (`merchant/branch/list`), shared by the branches screens and the branch pickers. */
import { LIMITS } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { localized } from '../localized';
import { queryKeys } from '../query-keys';

export const useBranchList = (options: { enabled?: boolean } = {}) => {
  const page = { pageNum: 1, limit: LIMITS.listLimit };
  return useQuery({
    queryKey: queryKeys.branches.list(page),
    queryFn: () => api.call('merchant/branch/list', page),
    enabled: options.enabled ?? true,
  });
};

/** The branches as picker options (`{ value: id, label: branchName }`), for branch selects. */
export const useBranchOptions = () => {
  const list = useBranchList();
  return {
    ...list,
    data: list.data?.rows.map((b) => ({ value: String(b.id), label: localized(b, 'branchName') })),
  };
};
