/** Profile edits and the password change; the profile itself is `lib/queries/me`. */
import type { ApiBody } from '@loyalty/contract';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { merchantMeKey } from '../../lib/queries/me';
import { queryKeys } from '../../lib/query-keys';

export const useUpdateProfile = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/updateProfile'>) => api.call('merchant/updateProfile', body),
    apply: (profile, _body, qc) => qc.setQueryData(merchantMeKey, profile),
    invalidates: [queryKeys.me.all],
    // SPEC §8's "Updated !" (spelling corrected): the profile's own toast
    success: 'msg.updated',
  });

export const useChangePassword = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/changepassword'>) => api.call('merchant/changepassword', body),
    success: 'msg.passwordChanged',
  });
