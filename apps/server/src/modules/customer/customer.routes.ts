import type { Handlers } from '../../http/context';
import type { CustomerService } from './customer.service';

export const customerRoutes = (customers: CustomerService): Handlers => ({
  'user/signup': ({ optionalCaller, body }) => customers.signup(optionalCaller, body),
  'user/me': ({ customer }) => customers.me(customer),
});
