/**
 * Permission sets and the manager override (issue 27): `merchant/permissionSet/save|delete`,
 * `merchant/overridePin/set`, `merchant/override/settings|thresholds`. The list is in
 * lib/queries/permission-sets (the employee form picks from it too).
 */
import type { ApiBody } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.permissionSets;
const overrideKey = keys.detail({ of: 'override' });

export const useSavePermissionSet = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/permissionSet/save'>) => api.call('merchant/permissionSet/save', body),
    invalidates: [keys.lists()],
    success: (_d, v) => (v.id === undefined ? 'msg.addedSuccessfully' : 'msg.updatedSuccessfully'),
  });

export const useDeletePermissionSet = () =>
  useAppMutation({
    mutationFn: (id: number) => api.call('merchant/permissionSet/delete', { id }),
    invalidates: [keys.lists()],
    success: 'msg.deletedSuccessfully',
  });

export const useOverrideSettings = () =>
  useQuery({ queryKey: overrideKey, queryFn: () => api.call('merchant/override/settings', {}) });

export const useSetOverridePin = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/overridePin/set'>) => api.call('merchant/overridePin/set', body),
    apply: (data, _v, qc) => qc.setQueryData(overrideKey, data),
    success: 'permissions.override.pinSaved',
  });

export const useSetThresholds = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/override/thresholds'>) => api.call('merchant/override/thresholds', body),
    apply: (data, _v, qc) => qc.setQueryData(overrideKey, data),
    success: 'msg.updatedSuccessfully',
  });
