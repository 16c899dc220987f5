import type { Handlers } from '../../core/handler';
import type { AuthService } from './auth.service';

export const authRoutes = (auth: AuthService): Handlers => ({
  'merchant/signup': ({ body, request }) => auth.signupMerchant(body, request.ip),
  'merchant/login': ({ body, request, lang }) => auth.loginStaff(body, request.ip, lang),
  'merchant/logout': ({ caller }) => auth.logout(caller),
  'merchant/changepassword': ({ caller, body, request }) => auth.changePassword(caller, body, request.ip),
  'merchant/forgetpassword': ({ body, request }) =>
    body.code && body.password
      ? auth.resetPassword({ mobile: body.mobile, code: body.code, password: body.password })
      : auth.sendResetCode('staff', body.mobile, request.ip),
  'merchant/events/ticket': ({ caller }) => auth.streamTicket(caller),
  'user/login': ({ body, request }) => auth.loginCustomer(body, request.ip),
  'user/logout': ({ caller }) => auth.logout(caller),
  'user/changepassword': ({ caller, body, request }) => auth.changePassword(caller, body, request.ip),
  'user/forgetpassword': ({ body, request }) =>
    body.code && body.password
      ? auth.resetCustomerPassword({ mobile: body.mobile, code: body.code, password: body.password })
      : auth.sendResetCode('user', body.mobile, request.ip),
});
