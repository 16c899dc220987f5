/**
 * The customer's ordering bodies and saved addresses (SPEC §3), and the merchant side's assigning and
 * refund bodies: part of product-requests.ts' calls.
 */
import { z } from 'zod';
import { DELIVERY_STATUSES, PAY_WITH, PRODUCT_REQUEST_TYPES } from '../constants';
import { blankOptional, id, idList, latitude, longitude, oneOf, optionalId, optionalText, text } from '../fields';

const int = z.number().int();
const nullableText = z.string().nullable();

export const address = z.object({
  id: int,
  address1: z.string(),
  address2: nullableText,
  area: z.string(),
  city: z.string(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
});
export type Address = z.infer<typeof address>;

/** A customer's saved address as SPEC §3 nests it: `UserAddress.Address`. */
export const userAddress = z.object({ id: int, Address: address });

export const productOrderBody = z.object({
  productId: id(),
  branchId: id('chooseBranch'),
  type: oneOf(PRODUCT_REQUEST_TYPES),
  addressId: optionalId(),
  /** `points` or `price`; `cash` is read as `price` (paid at the branch or to the courier). */
  payWith: z.preprocess((v) => (v === 'cash' ? 'price' : v), oneOf(PAY_WITH)),
});

export const addressBody = z.object({
  address1: text('required', 200),
  address2: optionalText(200),
  area: text('required', 100),
  city: text('required', 100),
  lat: blankOptional(latitude()),
  long: blankOptional(longitude()),
});

/** Pending deliveries to one courier (merchant/ and merchantUser/product/employee/assignDelivery). */
export const assignDeliveryBody = z.object({
  productRequestIds: idList('chooseProductRequests'),
  employeeId: id('chooseCourier'),
});

/** A merchant's confirmation of a refund: the comment is required (SPEC §4: "refund.done with a refund comment"). */
export const confirmRefundBody = z.object({ reqId: id(), comment: text('required', 500) });

/** The courier's change of a delivery: done needs the customer's 4-digit code. */
export const changeDeliveryBody = z
  .object({
    id: id(),
    deliveryStatus: oneOf(DELIVERY_STATUSES),
    pin: blankOptional(z.string().regex(/^\d{4}$/, { error: 'pinRequired' })),
    idempotencyKey: optionalText(100),
  })
  .refine((v) => v.deliveryStatus !== 'done' || v.pin !== undefined, { error: 'pinRequired', path: ['pin'] });
