/** Profile edits and the password change; the profile itself is `lib/queries/me`. */
import type { ApiBody } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';

export const useUpdateProfile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/updateProfile'>) => api.call('merchant/updateProfile', body),
    onSuccess: (profile) => {
      qc.setQueryData(meKeys.merchant(), profile);
      return qc.invalidateQueries({ queryKey: meKeys.all });
    },
  });
};

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ApiBody<'merchant/changepassword'>) => api.call('merchant/changepassword', body) });
