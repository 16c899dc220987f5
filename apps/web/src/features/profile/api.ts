/** Profile edits and the password change; the profile itself is `lib/queries/me`. */
import type { ApiBody } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { merchantMeKey } from '../../lib/queries/me';
import { queryKeys } from '../../lib/query-keys';

export const useUpdateProfile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/updateProfile'>) => api.call('merchant/updateProfile', body),
    onSuccess: (profile) => {
      qc.setQueryData(merchantMeKey, profile);
      return qc.invalidateQueries({ queryKey: queryKeys.me.all });
    },
  });
};

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ApiBody<'merchant/changepassword'>) => api.call('merchant/changepassword', body) });
