/** The merchant's branches (`merchant/branch/list`), shared by the branches screens and the branch pickers. */
import { LIMITS } from '@loyalty/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { localized } from '../localized';
import { queryKeys } from '../query-keys';

/** The branches' first page as a query (also prefetched: features/dashboard/home-queries.ts). */
export const branchListQuery = () => {
  const page = { pageNum: 1, limit: LIMITS.listLimit };
  return queryOptions({
    queryKey: queryKeys.branches.list(page),
    queryFn: () => api.call('merchant/branch/list', page),
  });
};

export const useBranchList = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...branchListQuery(), enabled: options.enabled ?? true });

/** The branches as picker options (`{ value: id, label: branchName }`), for branch selects. */
export const useBranchOptions = () => {
  const list = useBranchList();
  return {
    ...list,
    data: list.data?.rows.map((b) => ({ value: String(b.id), label: localized(b, 'branchName') })),
  };
};
