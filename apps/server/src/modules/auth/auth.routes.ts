import type { Handlers } from '../../http/context';
import type { AuthService } from './auth.service';

export const authRoutes = (auth: AuthService): Handlers => ({
  'merchant/signup': ({ body, request }) => auth.signupMerchant(body, request.ip),
  'merchant/login': ({ body, request, lang }) => auth.loginStaff(body, request.ip, lang),
  'merchant/logout': ({ caller }) => auth.logout(caller),
  'merchant/changepassword': ({ caller, body }) => auth.changePassword(caller, body),
  'merchant/forgetpassword': ({ body, request }) =>
    body.code && body.password
      ? auth.resetPassword({ mobile: body.mobile, code: body.code, password: body.password })
      : auth.sendResetCode(body.mobile, request.ip),
  'user/login': ({ body, request }) => auth.loginCustomer(body, request.ip),
  'user/logout': ({ caller }) => auth.logout(caller),
  'user/changepassword': ({ caller, body }) => auth.changePassword(caller, body),
});
