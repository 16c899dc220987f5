/** The customers' API, browsing offers and products and asking for an offer or a redeem (docs/domain.md, customer API): the calls of the server's `customer-requests` module. */
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
  amount: count('required', 1),
});

/** A branch as customers see it: where it is and whether it takes orders now. */
export const customerBranch = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  branchName: z.string(),
  branchNameAr: z.string().nullable(),
  address: z.string(),
  addressAr: z.string().nullable(),
  phone: z.string(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  /** Paused or outside its hours: false, with the time it opens again (null: not within 14 days). */
  isOpen: z.boolean(),
  opensAt: z.string().nullable(),
});

/** An offer as customers see it: its active branches only, each open now or closed until when. */
export const customerOffer = offer.extend({
  branchs: z.array(offer.shape.branchs.element.extend({ isOpen: z.boolean(), opensAt: z.string().nullable() })),
});

export const customerRequestsEndpoints = defineEndpoints({
  'user/branch/list': {
    roles: u,
    scope: 'customer',
    body: z.object({ ...paging, merchantId: id() }),
    response: pagedRows(customerBranch),
    summary:
      "A live merchant's active branches, each open now or closed until `opensAt` (paused or outside its hours).",
  },
  'user/offer/list': {
    roles: u,
    scope: 'customer',
    body: z.object({ ...paging, merchantId: optionalId() }),
    response: pagedRows(customerOffer),
    summary:
      'Current offers of live, approved merchants, each with its active branches, open now or closed until `opensAt`.',
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
