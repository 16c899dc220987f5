import type { Handlers } from '../../core/handler';
import type { RedeemsService } from './redeems.service';

export const redeemsRoutes = (redeems: RedeemsService): Handlers => ({
  'merchant/req/redeem/list': ({ merchant, body }) => redeems.list(merchant, body),
  'merchantUser/req/redeem/list': ({ merchant, body }) => redeems.list(merchant, body),
  'merchant/req/redeem/detail': ({ merchant, body }) => redeems.detail(merchant, body.reqId),
  'merchantUser/req/redeem/detail': ({ merchant, body }) => redeems.detail(merchant, body.reqId),
  'merchant/req/redeem/approve': ({ merchant, body }) => redeems.approve(merchant, body),
  'merchantUser/req/redeem/approve': ({ merchant, body }) => redeems.approve(merchant, body),
  'merchant/req/redeem/reject': ({ merchant, body }) => redeems.reject(merchant, body),
  'merchantUser/req/redeem/reject': ({ merchant, body }) => redeems.reject(merchant, body),
  'user/req/redeem/list': ({ customer, body }) => redeems.listOfCustomer(customer, body),
});
