import type { Handlers } from '../../http/context';
import type { CustomerService } from './customer.service';

export const customerRoutes = (customers: CustomerService): Handlers => ({
  'user/signup': ({ optionalCaller, body, request }) => customers.signup(optionalCaller, body, request.ip),
  'user/me': ({ customer }) => customers.me(customer),
});
