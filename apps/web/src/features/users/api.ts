/** Walk-in customers registered by a merchant or staff member (`user/signup` with their token). */
import type { ApiBody } from '@loyalty/contract';
import { DEFAULTS } from '@loyalty/contract/constants';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';

/**
 * SPEC §2: currency fixed USD and the fixed default password, which the server ignores: it sends the
 * customer a one-time code by SMS instead.
 */
export const useAddUser = () =>
  useAppMutation({
    mutationFn: (v: { name: string; mobile: string; branchId?: number }) => {
      const body: ApiBody<'user/signup'> = {
        ...v,
        userCurrncy: DEFAULTS.registrationCurrency,
        password: DEFAULTS.addUserPassword,
      };
      return api.call('user/signup', body);
    },
    success: { success: 'msg.addedSuccessfully', info: 'users.codeSent' },
  });
