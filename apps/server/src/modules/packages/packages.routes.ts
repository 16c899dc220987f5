import type { Handlers } from '../../core/handler';
import type { PackagesService } from './packages.service';

export const packagesRoutes = (packages: PackagesService): Handlers => ({
  'merchant/package/list': ({ body }) => packages.list(body),
  'merchant/package/details': ({ body }) => packages.details(body.id),
  'merchant/req/package': ({ merchant, body }) => packages.buy(merchant, body),
  'merchant/package/req/list': ({ merchant, body }) => packages.purchases(merchant, body),
  'merchant/package/req/details': ({ merchant, body }) => packages.purchase(merchant, body.id),
  'merchant/invoice/list': ({ merchant, body }) => packages.invoices(merchant, body),
  'merchant/invoice/details': ({ merchant, body }) => packages.invoice(merchant, body.id),
});
