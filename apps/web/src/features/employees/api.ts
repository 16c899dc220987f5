/** Staff members and couriers: `merchant/user/*`, `merchant/addEmployee`, `merchant/employees/update`. */
import type { ApiBody, EmployeeRule } from '@loyalty/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
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

export const useAddEmployee = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/addEmployee'>) => api.call('merchant/addEmployee', body),
    // the dashboard counts employees too
    invalidates: [keys.lists(), queryKeys.me.all],
    success: 'msg.addedSuccessfully',
  });

export const useUpdateEmployee = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/employees/update'>) => api.call('merchant/employees/update', body),
    invalidates: [keys.all],
    success: 'msg.updatedSuccessfully',
  });
