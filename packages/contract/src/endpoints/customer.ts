/** The customers' API (DECISIONS §8). */
import { z } from 'zod';
import { PAY_WITH, PRODUCT_REQUEST_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import { anyData, offer, offerRequest, pagedRows, product, redeemRequest } from '../entities';
import {
  blankOptional,
  count,
  id,
  latitude,
  longitude,
  oneOf,
  optionalId,
  optionalText,
  paging,
  text,
} from '../fields';

const u = ['user'] as const;

export const offerRequestBody = z
  .object({ offerId: id(), branchId: id('chooseBranch'), payWith: oneOf(PAY_WITH) })
  .strict();
export const redeemBody = z
  .object({
    merchantId: id(),
    branchId: id('chooseBranch'),
    amount: count().refine((n) => n > 0, { error: 'mustBePositive' }),
  })
  .strict();

export const customerEndpoints = {
  'user/offer/list': endpoint({
    path: 'user/offer/list',
    roles: u,
    body: z.object({ ...paging, merchantId: optionalId() }).strict(),
    response: pagedRows(offer),
    summary: 'Current offers of live, approved merchants.',
  }),
  'user/product/list': endpoint({
    path: 'user/product/list',
    roles: u,
    body: z.object({ ...paging, merchantId: optionalId() }).strict(),
    response: pagedRows(product),
    summary: 'Products of live, approved merchants.',
  }),
  'user/address/add': endpoint({
    path: 'user/address/add',
    roles: u,
    body: z
      .object({
        address1: text('required', 200),
        address2: optionalText(200),
        area: text('required', 100),
        city: text('required', 100),
        lat: blankOptional(latitude()),
        long: blankOptional(longitude()),
      })
      .strict(),
    response: anyData,
    summary: 'Adds a delivery address.',
  }),
  'user/offer/request': endpoint({
    path: 'user/offer/request',
    roles: u,
    body: offerRequestBody,
    response: offerRequest,
    summary: 'Requests an offer at a branch, paying with points or price.',
  }),
  'user/redeem': endpoint({
    path: 'user/redeem',
    roles: u,
    body: redeemBody,
    response: redeemRequest,
    summary: 'Asks to redeem points at a merchant branch.',
  }),
  'user/product/request': endpoint({
    path: 'user/product/request',
    roles: u,
    body: z
      .object({
        productId: id(),
        branchId: id('chooseBranch'),
        type: oneOf(PRODUCT_REQUEST_TYPES),
        addressId: optionalId(),
        payWith: oneOf(PAY_WITH),
      })
      .strict(),
    response: anyData,
    summary: 'Requests a product for pickup or delivery.',
  }),
  'user/product/req/cancel': endpoint({
    path: 'user/product/req/cancel',
    roles: u,
    body: z.object({ id: id() }).strict(),
    response: anyData,
    summary: 'Cancels a pending product request.',
  }),
  'user/product/req/refund': endpoint({
    path: 'user/product/req/refund',
    roles: u,
    body: z.object({ id: id(), comment: optionalText(500) }).strict(),
    response: anyData,
    summary: 'Asks for a refund of a done product request.',
  }),
} as const;
