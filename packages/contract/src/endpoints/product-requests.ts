/**
 * Product requests, deliveries and refunds (SPEC §2-§4, §7; docs/domain.md "Product requests, deliveries and refunds"): the merchant's and
 * staff's calls, the courier's calls and the customer's ordering calls. Response shapes keep the
 * spec's nesting (`data.productRequests.rows`, the courier's two lists) and spelling.
 */
import { z } from 'zod';
import { acceptFields, prepMinutes } from '../accept';
import {
  DELIVERY_STATUSES,
  PAY_WITH,
  PRODUCT_REQUEST_STATUSES,
  PRODUCT_REQUEST_TYPES,
  SETTLEMENT_STATUSES,
} from '../constants';
import { defineEndpoints, rolePair } from '../endpoint';
import { pagedRows } from '../entities';
import { blankOptional, id, oneOf, optionalBool, optionalText, paging, text } from '../fields';
import {
  address,
  addressBody,
  assignDeliveryBody,
  changeDeliveryBody,
  confirmRefundBody,
  productOrderBody,
  userAddress,
} from './product-request-bodies';
import { trackingEndpoints } from './product-request-tracking';
import { qrCode } from './qr';
import { rejectBody } from './reject';

export * from './product-request-bodies';

const int = z.number().int();
const nullableText = z.string().nullable();

export const productRequest = z.object({
  id: int,
  type: z.enum(PRODUCT_REQUEST_TYPES),
  status: z.enum(PRODUCT_REQUEST_STATUSES),
  isCanceled: z.boolean(),
  isRefund: z.boolean(),
  refundComment: nullableText,
  /** The customer's reason when asking for the refund. */
  refundReason: nullableText,
  /** Why staff rejected it (status rejected), else null. */
  rejectReason: nullableText,
  rejectedAt: nullableText,
  deliveryStatus: z.enum(DELIVERY_STATUSES).nullable(),
  payWith: z.enum(PAY_WITH),
  /** Points and price fixed when the request was made. */
  points: int,
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was completed (picked up or delivered). */
  doneAt: nullableText,
  ...acceptFields,
  Product: z.object({
    id: int,
    name: z.string(),
    nameAr: nullableText,
    image: nullableText,
    /** Whether the product is delivered (now): a pickup of one that is cannot be marked picked (SPEC §4). */
    deliveryAvailability: z.boolean(),
  }),
  Branch: z.object({
    id: int,
    branchName: z.string(),
    branchNameAr: nullableText,
    address: z.string(),
    addressAr: nullableText,
    phone: z.string(),
  }),
  user: z.object({ id: int, name: z.string(), mobile: z.string() }),
  UserAddress: userAddress.nullable(),
  /** The courier a delivery is assigned to. */
  DeliveryEmployee: z
    .object({ id: int, fName: z.string(), mName: z.string(), lName: z.string(), mobileNum: z.string() })
    .nullable(),
});
export type ProductRequest = z.infer<typeof productRequest>;

/**
 * SPEC §4: "Pickup with no delivery available and pending: merchant marks Picked". The order page
 * offers Picked exactly then, and `merchant/product/req/changeStatus` refuses anything else (409).
 */
export const canMarkPicked = (
  r: Pick<ProductRequest, 'type' | 'status'> & { Product: { deliveryAvailability: boolean } },
) => r.type === 'pickup' && r.status === 'pending' && !r.Product.deliveryAvailability;

/** A row of the courier's lists (SPEC §3: rows with User, UserAddress, Product). */
export const deliveryRow = z.object({
  id: int,
  type: z.enum(PRODUCT_REQUEST_TYPES),
  status: z.enum(PRODUCT_REQUEST_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  User: z.object({ id: int, name: z.string(), mobile: z.string() }),
  UserAddress: userAddress.nullable(),
  Product: z.object({
    id: int,
    name: z.string(),
    nameAr: nullableText,
    image: nullableText,
    price: z.number(),
    points: int,
  }),
  Branch: z.object({
    id: int,
    branchName: z.string(),
    branchNameAr: nullableText,
    address: z.string(),
    addressAr: nullableText,
    phone: z.string(),
  }),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const deliveryLists = z.object({
  pendingDeliveryProductRequests: z.array(deliveryRow),
  inProgressDeliveryProductRequests: z.array(deliveryRow),
});

/** A customer's own row: the delivery code to tell the courier, once one is assigned (else null). */
export const customerProductRequest = productRequest.extend({ deliveryPin: nullableText });

export const settlementStatus = z.enum(SETTLEMENT_STATUSES);

/**
 * Days after completion in which a customer may ask for a refund when the merchant has not set its
 * own `refundPeriod` (docs/domain.md); a merchant's refundPeriod of 0 means no refunds.
 */
export const DEFAULT_REFUND_PERIOD_DAYS = 7;

export const productRequestListBody = z.object({
  ...paging,
  type: blankOptional(oneOf(PRODUCT_REQUEST_TYPES)),
  isCanceled: optionalBool(),
  status: blankOptional(oneOf(PRODUCT_REQUEST_STATUSES, 'invalidValue')),
  /** true: only new requests waiting to be accepted, oldest first (the dashboard). */
  toAccept: optionalBool(),
  /** true: only pending deliveries no courier is assigned to, oldest first (the dashboard). */
  noCourier: optionalBool(),
});

const m = ['merchant'] as const;
const u = ['user'] as const;
/** Staff read a request of their branch; couriers read their own assignments. */
const staffAndCouriers = ['merchantUser', 'delivery'] as const;
/** SPEC §6: available deliveries and the delivery status are the courier's alone. */
const couriers = ['delivery'] as const;

export const productRequestsEndpoints = defineEndpoints({
  'merchant/product/req/list': {
    roles: m,
    scope: 'branch',
    body: productRequestListBody,
    response: z.object({ productRequests: z.object({ rows: z.array(productRequest), count: int }) }),
    summary:
      'Product requests by type (pickup or delivery) and cancellation, newest first (data.productRequests.rows).',
  },
  'merchantUser/product/req/branchList': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: productRequestListBody,
    response: z.object({ productRequests: z.object({ rows: z.array(productRequest), count: int }) }),
    summary:
      "Staff: their branch's product requests, with the merchant list's filters (`merchantUser/product/req/list` is the courier's).",
  },
  'merchantUser/product/req/list': {
    roles: couriers,
    scope: 'courier',
    body: z.object({}),
    response: deliveryLists,
    summary: "The courier's assigned deliveries: pending and in progress.",
  },
  ...rolePair('product/req/details', {
    scope: 'branch',
    body: z.object({ id: id() }),
    response: productRequest,
    summary: "One product request (couriers: only their own assignments; staff: their branch's)",
    staffRoles: staffAndCouriers,
  }),
  'merchant/product/req/changeStatus': {
    roles: m,
    scope: 'branch',
    body: z.object({ id: id(), status: oneOf(PRODUCT_REQUEST_STATUSES) }),
    response: productRequest,
    summary: 'Marks a pending pickup request picked (done).',
  },
  'merchantUser/product/req/changeStatus': {
    roles: couriers,
    scope: 'courier',
    body: changeDeliveryBody,
    response: deliveryRow,
    summary:
      "The assigned courier moves a delivery pending → inProgress → done (done with the customer's 4-digit `pin`: wrong 422, locked after 5 wrong 409); an idempotency key (field or Idempotency-Key header) makes a replay answer the first answer.",
  },
  'merchant/product/req/confirmHandover': {
    roles: m,
    scope: 'branch',
    body: z.object({ id: id(), reason: text('required', 200) }),
    response: productRequest,
    summary:
      "The merchant confirms a delivery handed over without the customer's code (in progress → done), with a reason (audited).",
  },
  'merchant/product/employee/assignDelivery': {
    roles: m,
    scope: 'branch',
    body: assignDeliveryBody,
    response: z.object({ assigned: z.array(productRequest) }),
    summary: 'Assigns pending delivery requests to an active courier of the merchant.',
  },
  'merchantUser/product/employee/assignDelivery': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: assignDeliveryBody,
    response: z.object({ assigned: z.array(productRequest) }),
    summary:
      "Staff with the assignCouriers permission assign their branch's pending deliveries to an active courier of their branch (as merchant/product/employee/assignDelivery).",
  },
  'user/req/confirm/refund': {
    roles: m,
    scope: 'branch',
    body: confirmRefundBody,
    response: productRequest,
    summary: "The merchant confirms a customer's refund (refund.pending → refund.done).",
  },
  'merchantUser/req/confirm/refund': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: confirmRefundBody,
    response: productRequest,
    summary:
      "Staff with the refunds permission confirm a refund of their branch (as user/req/confirm/refund); with the merchant's refund threshold on, every one needs the manager's override PIN.",
  },
  ...rolePair('product/req/reject', {
    scope: 'branch',
    body: rejectBody,
    response: productRequest,
    summary: 'Rejects a pending product request with a reason: the product goes back to stock, nothing else moves',
  }),
  ...rolePair('product/req/accept', {
    scope: 'branch',
    body: z.object({ id: id(), prepMinutes: prepMinutes() }),
    response: productRequest,
    summary:
      'Accepts a new product request with the preparation minutes (5-120): records who and when and the expected ready time; a repeat answers it as it is',
  }),
  ...rolePair('product/req/ready', {
    scope: 'branch',
    body: z.object({ id: id() }),
    response: productRequest,
    summary:
      'Marks an accepted, open product request ready; the assigned courier is told; a repeat answers it as it is',
  }),
  'user/product/req/list': {
    roles: u,
    scope: 'customer',
    body: z.object({ ...paging, status: blankOptional(oneOf(PRODUCT_REQUEST_STATUSES, 'invalidValue')) }),
    response: pagedRows(customerProductRequest),
    summary:
      "The customer's own product requests, newest first, with status, any reject reason and the delivery code once a courier is assigned (`deliveryPin`).",
  },
  'user/address/add': {
    roles: u,
    scope: 'customer',
    body: addressBody,
    response: address,
    summary: 'Adds a delivery address.',
  },
  'user/product/request': {
    roles: u,
    scope: 'customer',
    body: productOrderBody,
    response: productRequest.extend({ qr: qrCode }),
    summary: 'Orders a product for pickup or delivery, paying with points or price; answers with a signed code.',
  },
  'user/product/req/cancel': {
    roles: u,
    scope: 'customer',
    body: z.object({ id: id() }),
    response: productRequest,
    summary: 'Cancels a pending product request (stock comes back).',
  },
  'user/product/req/refund': {
    roles: u,
    scope: 'customer',
    body: z.object({ id: id(), comment: optionalText(500) }),
    response: productRequest,
    summary: 'Asks for a refund of a done product request inside the refund period.',
  },
  ...trackingEndpoints,
});
