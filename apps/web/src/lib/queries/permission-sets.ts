/**
 * The merchant's staff permission sets (`merchant/permissionSet/list`, issue 27), shared by the
 * permission sets screen and the employee form's set picker.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export const usePermissionSets = (options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: queryKeys.permissionSets.list(),
    queryFn: () => api.call('merchant/permissionSet/list', {}),
    enabled: options.enabled ?? true,
  });
