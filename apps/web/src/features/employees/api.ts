/** Staff members and couriers: `merchant/user/*`, `merchant/addEmployee`, `merchant/employees/update`. */
import type { ApiBody, EmployeeRule } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';

export interface EmployeeFilter {
  rule?: EmployeeRule;
  limit: number;
}

export const employeeKeys = {
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (f: EmployeeFilter) => [...employeeKeys.lists(), f] as const,
  details: (id: number) => [...employeeKeys.all, 'details', id] as const,
};

export const useEmployees = (f: EmployeeFilter) =>
  useQuery({
    queryKey: employeeKeys.list(f),
    queryFn: () => api.call('merchant/user/list', { limit: f.limit, pageNum: 1, rule: f.rule }),
  });

export const useEmployee = (id: number | null) =>
  useQuery({
    queryKey: employeeKeys.details(id ?? 0),
    queryFn: () => api.call('merchant/user/details', { merchantUserId: id ?? 0 }),
    enabled: id !== null && id > 0,
  });

export const useAddEmployee = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/addEmployee'>) => api.call('merchant/addEmployee', body),
    // the dashboard counts employees too
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: employeeKeys.lists() }),
        qc.invalidateQueries({ queryKey: meKeys.merchant() }),
      ]),
  });
};

export const useUpdateEmployee = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/employees/update'>) => api.call('merchant/employees/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: employeeKeys.all }),
  });
};
