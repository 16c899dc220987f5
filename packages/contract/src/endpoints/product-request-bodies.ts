/** The customer's ordering bodies and saved addresses (SPEC §3): part of product-requests.ts' calls. */
import { z } from 'zod';
import { PAY_WITH, PRODUCT_REQUEST_TYPES } from '../constants';
import { blankOptional, id, latitude, longitude, oneOf, optionalId, optionalText, text } from '../fields';

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
