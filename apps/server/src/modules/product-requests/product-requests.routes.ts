import type { Handlers } from '../../core/handler';
import type { IdempotencyService } from '../../platform/idempotency/idempotency.service';
import type { QrService } from '../qr/qr.service';
import type { AcceptInTimeService } from './accept-in-time.service';
import type { CustomerOrdersService } from './customer-orders.service';
import type { DeliveriesService } from './deliveries.service';
import type { ProductRequestsService } from './product-requests.service';
import type { TrackingService } from './tracking.service';

/** The `Idempotency-Key` header, when sent once and not too long. */
const idempotencyHeader = (v: string | string[] | undefined) =>
  typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined;

/** Product requests: the merchant's and staff's calls, the courier's and the customer's. */
export const productRequestsRoutes = (
  requests: ProductRequestsService,
  deliveries: DeliveriesService,
  orders: CustomerOrdersService,
  qr: QrService,
  idempotency: IdempotencyService,
  acceptInTime: AcceptInTimeService,
  tracking: TrackingService,
): Handlers => ({
  'merchant/product/req/list': ({ merchant, body }) => requests.list(merchant, body),
  'merchantUser/product/req/branchList': ({ merchant, body }) => requests.list(merchant, body),
  'merchant/product/req/details': ({ merchant, body }) => requests.details(merchant, body.id),
  'merchantUser/product/req/details': ({ merchant, body }) => requests.details(merchant, body.id),
  'merchant/product/req/changeStatus': ({ merchant, body }) => requests.changeStatus(merchant, body),
  'merchant/product/employee/assignDelivery': ({ merchant, body }) => requests.assignDelivery(merchant, body),
  'merchantUser/product/employee/assignDelivery': ({ merchant, body }) => requests.assignDelivery(merchant, body),
  'user/req/confirm/refund': ({ merchant, body }) => requests.confirmRefund(merchant, body),
  'merchantUser/req/confirm/refund': ({ merchant, body }) => requests.confirmRefund(merchant, body),
  'merchant/product/req/reject': ({ merchant, body }) => requests.reject(merchant, body),
  'merchantUser/product/req/reject': ({ merchant, body }) => requests.reject(merchant, body),
  'merchant/product/req/accept': ({ merchant, body, lang }) => acceptInTime.accept(merchant, body, lang),
  'merchantUser/product/req/accept': ({ merchant, body, lang }) => acceptInTime.accept(merchant, body, lang),
  'merchant/product/req/ready': ({ merchant, body, lang }) => acceptInTime.ready(merchant, body.id, lang),
  'merchantUser/product/req/ready': ({ merchant, body, lang }) => acceptInTime.ready(merchant, body.id, lang),
  'user/product/req/list': ({ customer, body, lang }) => orders.list(customer, body, lang),
  'merchantUser/product/req/list': ({ merchant }) => deliveries.list(merchant),
  // a courier's change queued offline is sent with a key; a replay answers the first answer
  'merchantUser/product/req/changeStatus': ({ merchant, body, request }) =>
    idempotency.once(
      merchant.actor,
      body.idempotencyKey ?? idempotencyHeader(request.headers['idempotency-key']),
      'merchantUser/product/req/changeStatus',
      { id: body.id, deliveryStatus: body.deliveryStatus },
      () => deliveries.changeStatus(merchant, body),
    ),
  'merchant/product/req/confirmHandover': ({ merchant, body }) => deliveries.confirmHandover(merchant, body),
  'user/address/add': ({ customer, body }) => orders.addAddress(customer, body),
  'user/product/request': async ({ customer, body }) => qr.attach('product', await orders.order(customer, body)),
  'user/product/req/cancel': ({ customer, body }) => orders.cancel(customer, body.id),
  'user/product/req/refund': ({ customer, body }) => orders.askRefund(customer, body),
  'merchantUser/product/req/position': ({ merchant, body }) => tracking.position(merchant, body),
  'user/product/req/track': ({ customer, body, lang }) => tracking.track(customer, body.id, lang),
  'public/track': ({ body, lang }) => tracking.publicTrack(body.trackToken, lang),
});
