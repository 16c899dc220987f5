import type { Handlers } from '../../core/handler';
import type { ExportsService } from './exports.service';

/** CSV downloads of the lists (docs/domain.md, "Exports"); the answer is streamed, not JSON. */
export const exportsRoutes = (exports: ExportsService): Handlers => ({
  'merchant/export/offer-requests.csv': async ({ merchant, body, lang }) => exports.offerRequests(merchant, body, lang),
  'merchantUser/export/offer-requests.csv': async ({ merchant, body, lang }) =>
    exports.offerRequests(merchant, body, lang),
  'merchant/export/redeems.csv': async ({ merchant, lang }) => exports.redeems(merchant, lang),
  'merchantUser/export/redeems.csv': async ({ merchant, lang }) => exports.redeems(merchant, lang),
  'merchant/export/product-requests.csv': async ({ merchant, body, lang }) =>
    exports.productRequests(merchant, body, lang),
  'merchant/export/settlements.csv': async ({ merchant, body, lang }) => exports.settlements(merchant, body, lang),
  'merchant/export/invoices.csv': async ({ merchant, lang }) => exports.invoices(merchant, lang),
  'merchant/export/points-history.csv': async ({ merchant, lang }) => exports.pointsHistory(merchant, lang),
});
