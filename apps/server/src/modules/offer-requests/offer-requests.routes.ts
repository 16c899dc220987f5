import type { Handlers } from '../../http/context';
import type { OfferRequestsService } from './offer-requests.service';

export const offerRequestsRoutes = (requests: OfferRequestsService): Handlers => ({
  'merchant/req/list': ({ caller, body }) => requests.list(caller, body),
  'merchantUser/req/list': ({ caller, body }) => requests.list(caller, body),
  'merchant/req/details': ({ caller, body }) => requests.details(caller, body.reqId),
  'merchantUser/req/details': ({ caller, body }) => requests.details(caller, body.reqId),
  'merchant/req/approve': ({ caller, body }) => requests.approve(caller, body.reqId),
  'merchantUser/req/approve': ({ caller, body }) => requests.approve(caller, body.reqId),
});
