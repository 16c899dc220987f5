/** Sign-in calls: login, merchant signup and the two steps of a password reset. */
import type { ApiBody } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const useLogin = () =>
  useMutation({ mutationFn: (body: ApiBody<'merchant/login'>) => api.call('merchant/login', body) });

export const useSignup = () =>
  useMutation({ mutationFn: (body: ApiBody<'merchant/signup'>) => api.call('merchant/signup', body) });

/** Without `code` it sends a code; with code and the new password pair it resets and signs in. */
export const useForgetPassword = () =>
  useMutation({ mutationFn: (body: ApiBody<'merchant/forgetpassword'>) => api.call('merchant/forgetpassword', body) });
