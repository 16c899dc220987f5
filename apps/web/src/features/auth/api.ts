/**
 * Sign-in calls: login, merchant signup and the two steps of a password reset. Each stores the
 * session it receives and toasts from the hook (lib/mutation), so the toast and the session it
 * announces go together; the screens only navigate.
 */
import type { ApiBody } from '@loyalty/contract';
import { isStaffRole } from '../../lib/access';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { saveSession } from '../../lib/session';

/** SPEC §6: a role other than merchant, merchantUser or delivery is refused (the screen says so). */
export const useLogin = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/login'> & { username: string }) => api.call('merchant/login', body),
    apply: (res, body) => {
      if (isStaffRole(res.rule)) saveSession(res, body.username);
    },
    success: (res) => (isStaffRole(res.rule) ? 'msg.loggedIn' : undefined),
    // SPEC §5: "Failed to login", the server's reason under it
    meta: { failure: 'msg.failedToLogin' },
  });

export const useSignup = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/signup'> & { mobile: string }) => api.call('merchant/signup', body),
    apply: (res, body) => saveSession(res, body.mobile),
    success: 'msg.successful',
    // SPEC §5: "Failed to create new account", the server's reason under it
    meta: { failure: 'msg.failedToCreateAccount' },
  });

/** Step 1 of a reset (and "resend"): `merchant/forgetpassword` without a code sends one. */
export const useSendResetCode = () =>
  useAppMutation({
    mutationFn: (body: { mobile: string }) => api.call('merchant/forgetpassword', body),
    success: 'msg.codeSent',
  });

/** Step 2: with the code and the new password pair it resets the password and signs in. */
export const useResetPassword = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/forgetpassword'> & { mobile: string }) =>
      api.call('merchant/forgetpassword', body),
    apply: (res, body) => {
      if ('token' in res) saveSession(res, body.mobile);
    },
    success: 'msg.passwordChanged',
  });
