import type { Handlers } from '../../http/context';
import type { OfferRequestsService } from '../offer-requests/offer-requests.service';
import type { RedeemsService } from '../redeems/redeems.service';
import type { CustomerRequestsService } from './customer-requests.service';

/** The customer calls (docs/domain.md, customer API) that browse the catalogue and create offer and redeem requests. */
export const customerRequestsRoutes = (
  browse: CustomerRequestsService,
  offerRequests: OfferRequestsService,
  redeems: RedeemsService,
): Handlers => ({
  'user/offer/list': ({ body }) => browse.offers(body),
  'user/product/list': ({ body }) => browse.products(body),
  'user/offer/request': ({ customer, body }) => offerRequests.create(customer, body),
  'user/redeem': ({ customer, body }) => redeems.create(customer, body),
});
