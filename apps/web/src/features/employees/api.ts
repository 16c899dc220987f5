/** Staff members and couriers: `merchant/user/*`, `merchant/addEmployee`, `merchant/employees/update`. */
import type { ApiBody, EmployeeRule } from '@loyalty/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.employees;

export interface EmployeeFilter {
  rule?: EmployeeRule;
  limit: number;
}

export const useEmployees = (f: EmployeeFilter) => {
  const body = { limit: f.limit, pageNum: 1, rule: f.rule };
  // the shorter list stays on screen while "Show more" loads the longer one
  return useQuery({
    queryKey: keys.list(body),
    queryFn: () => api.call('merchant/user/list', body),
    placeholderData: keepPreviousData,
  });
};

export const useEmployee = (id: number | null) =>
  useQuery({
    queryKey: keys.detail({ id }),
    queryFn: () => api.call('merchant/user/details', { merchantUserId: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useAddEmployee = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/addEmployee'>) => api.call('merchant/addEmployee', body),
    // the dashboard counts employees too
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.lists() }),
        qc.invalidateQueries({ queryKey: queryKeys.me.all }),
      ]),
  });
};

export const useUpdateEmployee = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/employees/update'>) => api.call('merchant/employees/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
};
