import type { Handlers } from '../../core/handler';
import type { CustomerService } from './customer.service';

export const customerRoutes = (customers: CustomerService): Handlers => ({
  'user/signup': ({ optionalCaller, body, request }) => customers.signup(optionalCaller, body, request.ip),
  'user/verify': ({ body, request }) => customers.verify(body, request.ip),
  'user/verify/resend': ({ body, request }) => customers.resendCode(body.mobile, request.ip),
  'user/me': ({ customer }) => customers.me(customer),
});
