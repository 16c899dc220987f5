import type { Handlers } from '../../http/context';
import type { RedeemsService } from './redeems.service';

export const redeemsRoutes = (redeems: RedeemsService): Handlers => ({
  'merchant/req/redeem/list': ({ caller, body }) => redeems.list(caller, body),
  'merchantUser/req/redeem/list': ({ caller, body }) => redeems.list(caller, body),
  'merchant/req/redeem/detail': ({ caller, body }) => redeems.detail(caller, body.reqId),
  'merchantUser/req/redeem/detail': ({ caller, body }) => redeems.detail(caller, body.reqId),
  'merchant/req/redeem/approve': ({ caller, body }) => redeems.approve(caller, body),
  'merchantUser/req/redeem/approve': ({ caller, body }) => redeems.approve(caller, body),
});
