/** Branches: `merchant/branch/*`, `merchant/addBranch`, `merchant/updateBranch`; the list hook is `lib/queries/branches`. */
import type { ApiBody } from '@loyalty/contract';
import { LIMITS } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.branches;

export const useBranch = (id: number | null) =>
  useQuery({
    queryKey: keys.detail({ id }),
    queryFn: () => api.call('merchant/branch/details', { branchId: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useAddBranch = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/addBranch'>) => api.call('merchant/addBranch', body),
    // the dashboard counts branches too
    invalidates: [keys.all, queryKeys.me.all],
    success: 'msg.addedSuccessfully',
  });

export const useUpdateBranch = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/updateBranch'>) => api.call('merchant/updateBranch', body),
    apply: (branch, _body, qc) => qc.setQueryData(keys.detail({ id: branch.id }), branch),
    invalidates: [keys.lists()],
    success: 'msg.updatedSuccessfully',
  });

/** The branch's staff and couriers (`merchant/user/list` by branchId), in the employees' key family. */
export const useBranchEmployees = (branchId: number) => {
  const body = { branchId, pageNum: 1, limit: LIMITS.listLimit };
  return useQuery({
    queryKey: queryKeys.employees.list(body),
    queryFn: () => api.call('merchant/user/list', body),
  });
};
