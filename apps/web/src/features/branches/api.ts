/** Branches: `merchant/branch/*`, `merchant/addBranch`, `merchant/updateBranch`; the list hook is `lib/queries/branches`. */
import { type ApiBody, LIMITS } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { branchKeys } from '../../lib/queries/branches';
import { meKeys } from '../../lib/queries/me';

export const useBranch = (id: number) =>
  useQuery({
    queryKey: branchKeys.detail(id),
    queryFn: () => api.call('merchant/branch/details', { branchId: id }),
    enabled: id > 0,
  });

export const useAddBranch = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/addBranch'>) => api.call('merchant/addBranch', body),
    // the dashboard counts branches too
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: branchKeys.all }),
        qc.invalidateQueries({ queryKey: meKeys.merchant() }),
      ]),
  });
};

export const useUpdateBranch = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/updateBranch'>) => api.call('merchant/updateBranch', body),
    onSuccess: (branch) => {
      qc.setQueryData(branchKeys.detail(branch.id), branch);
      return qc.invalidateQueries({ queryKey: branchKeys.lists() });
    },
  });
};

/** The branch's staff and couriers (`merchant/user/list` by branchId); same key family as the employees screens. */
export const useBranchEmployees = (branchId: number) =>
  useQuery({
    queryKey: ['employees', 'list', { branchId }] as const,
    queryFn: () => api.call('merchant/user/list', { branchId, pageNum: 1, limit: LIMITS.listLimit }),
    enabled: branchId > 0,
  });
