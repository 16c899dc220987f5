import type { Handlers } from '../../core/handler';
import type { OfferRequestsService } from './offer-requests.service';

export const offerRequestsRoutes = (requests: OfferRequestsService): Handlers => ({
  'merchant/req/list': ({ merchant, body }) => requests.list(merchant, body),
  'merchantUser/req/list': ({ merchant, body }) => requests.list(merchant, body),
  'merchant/req/details': ({ merchant, body }) => requests.details(merchant, body.reqId),
  'merchantUser/req/details': ({ merchant, body }) => requests.details(merchant, body.reqId),
  'merchant/req/approve': ({ merchant, body }) => requests.approve(merchant, body.reqId),
  'merchantUser/req/approve': ({ merchant, body }) => requests.approve(merchant, body.reqId),
  'merchant/req/reject': ({ merchant, body }) => requests.reject(merchant, body),
  'merchantUser/req/reject': ({ merchant, body }) => requests.reject(merchant, body),
  'user/req/list': ({ customer, body }) => requests.listOfCustomer(customer, body),
});
