import type { Handlers } from '../../http/context';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { QrService } from '../qr/qr.service';
import type { CustomerOrdersService } from './customer-orders.service';
import type { DeliveriesService } from './deliveries.service';
import type { ProductRequestsService } from './product-requests.service';

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
): Handlers => ({
  'merchant/product/req/list': ({ merchant, body }) => requests.list(merchant, body),
  'merchant/product/req/details': ({ merchant, body }) => requests.details(merchant, body.id),
  'merchantUser/product/req/details': ({ merchant, body }) => requests.details(merchant, body.id),
  'merchant/product/req/changeStatus': ({ merchant, body }) => requests.changeStatus(merchant, body),
  'merchant/product/employee/assignDelivery': ({ merchant, body }) => requests.assignDelivery(merchant, body),
  'user/req/confirm/refund': ({ merchant, body }) => requests.confirmRefund(merchant, body),
  'merchant/product/req/reject': ({ merchant, body }) => requests.reject(merchant, body),
  'merchantUser/product/req/reject': ({ merchant, body }) => requests.reject(merchant, body),
  'user/product/req/list': ({ customer, body }) => orders.list(customer, body),
  'merchantUser/product/req/list': ({ merchant }) => deliveries.list(merchant),
  // a courier's change queued offline is sent with a key; a replay answers the first answer
  'merchantUser/product/req/changeStatus': ({ merchant, body, request }) =>
    idempotency.once(
      merchant.actor,
      body.idempotencyKey ?? idempotencyHeader(request.headers['idempotency-key']),
      'merchantUser/product/req/changeStatus',
      () => deliveries.changeStatus(merchant, body),
    ),
  'user/address/add': ({ customer, body }) => orders.addAddress(customer, body),
  'user/product/request': async ({ customer, body }) => qr.attach('product', await orders.order(customer, body)),
  'user/product/req/cancel': ({ customer, body }) => orders.cancel(customer, body.id),
  'user/product/req/refund': ({ customer, body }) => orders.askRefund(customer, body),
});
