/** Branches: `merchant/branch/*`, `merchant/addBranch`, `merchant/updateBranch`; the list hook is `lib/queries/branches`. */
import { type ApiBody, LIMITS } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.branches;

export const useBranch = (id: number | null) =>
  useQuery({
    queryKey: keys.detail({ id }),
    queryFn: () => api.call('merchant/branch/details', { branchId: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useAddBranch = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/addBranch'>) => api.call('merchant/addBranch', body),
    // the dashboard counts branches too
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: keys.all }), qc.invalidateQueries({ queryKey: queryKeys.me.all })]),
  });
};

export const useUpdateBranch = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/updateBranch'>) => api.call('merchant/updateBranch', body),
    onSuccess: (branch) => {
      qc.setQueryData(keys.detail({ id: branch.id }), branch);
      return qc.invalidateQueries({ queryKey: keys.lists() });
    },
  });
};

/** The branch's staff and couriers (`merchant/user/list` by branchId), in the employees' key family. */
export const useBranchEmployees = (branchId: number) => {
  const body = { branchId, pageNum: 1, limit: LIMITS.listLimit };
  return useQuery({
    queryKey: queryKeys.employees.list(body),
    queryFn: () => api.call('merchant/user/list', body),
  });
};
