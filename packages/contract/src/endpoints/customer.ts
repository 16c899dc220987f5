/** The customers' API (docs/domain.md, customer API). */
import { z } from 'zod';
import { PAY_WITH } from '../constants';
import { defineEndpoints } from '../endpoint';
import { offer, offerRequest, pagedRows, product, redeemRequest } from '../entities';
import { count, id, oneOf, optionalId, paging } from '../fields';
import { qrCode } from './qr';

const u = ['user'] as const;

export const offerRequestBody = z.object({ offerId: id(), branchId: id('chooseBranch'), payWith: oneOf(PAY_WITH) });
export const redeemBody = z.object({
  merchantId: id(),
  branchId: id('chooseBranch'),
  amount: count().refine((n) => n > 0, { error: 'mustBePositive' }),
});

export const customerEndpoints = defineEndpoints({
  'user/offer/list': {
    roles: u,
    scope: 'customer',
    body: z.object({ ...paging, merchantId: optionalId() }),
    response: pagedRows(offer),
    summary: 'Current offers of live, approved merchants.',
  },
  'user/product/list': {
    roles: u,
    scope: 'customer',
    body: z.object({ ...paging, merchantId: optionalId() }),
    response: pagedRows(product),
    summary: 'Products of live, approved merchants.',
  },
  'user/offer/request': {
    roles: u,
    scope: 'customer',
    body: offerRequestBody,
    response: offerRequest.extend({ qr: qrCode }),
    summary:
      'Requests an offer at a branch, paying with points or price; answers with a signed code to show at the counter.',
  },
  'user/redeem': {
    roles: u,
    scope: 'customer',
    body: redeemBody,
    response: redeemRequest.extend({ qr: qrCode }),
    summary: 'Asks to redeem points at a merchant branch; answers with a signed code to show at the counter.',
  },
});
