import type { Handlers } from '../../core/handler';
import type { OfferRequestsService } from '../offer-requests/offer-requests.service';
import type { QrService } from '../qr/qr.service';
import type { RedeemsService } from '../redeems/redeems.service';
import type { CustomerRequestsService } from './customer-requests.service';

/** The customer calls (docs/domain.md, customer API) that browse the catalogue and create offer and redeem requests. */
export const customerRequestsRoutes = (
  browse: CustomerRequestsService,
  offerRequests: OfferRequestsService,
  redeems: RedeemsService,
  qr: QrService,
): Handlers => ({
  'user/branch/list': ({ body }) => browse.branches(body),
  'user/offer/list': ({ body }) => browse.offers(body),
  'user/product/list': ({ body }) => browse.products(body),
  'user/offer/request': async ({ customer, body }) => qr.attach('offer', await offerRequests.create(customer, body)),
  'user/redeem': async ({ customer, body }) => qr.attach('redeem', await redeems.create(customer, body)),
});
