/** Walk-in customers registered by a merchant or staff member (`user/signup` with their token). */
import { type ApiBody, DEFAULTS } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * SPEC §2: currency fixed USD and the fixed default password, which the server ignores: it sends the
 * customer a one-time code by SMS instead.
 */
export const useAddUser = () =>
  useMutation({
    mutationFn: (v: { name: string; mobile: string; branchId?: number }) => {
      const body: ApiBody<'user/signup'> = {
        ...v,
        userCurrncy: DEFAULTS.registrationCurrency,
        password: DEFAULTS.addUserPassword,
      };
      return api.call('user/signup', body);
    },
  });
