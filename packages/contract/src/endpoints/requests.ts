import { z } from 'zod';
import { OFFER_REQUEST_STATUSES } from '../constants';
import { defineEndpoints, rolePair } from '../endpoint';
import { offerRequest, pagedRows, redeemRequest } from '../entities';
import { blankOptional, bool, id, oneOf, optionalPhoneSearch, paging } from '../fields';

export const reqListBody = z.object({
  ...paging,
  status: blankOptional(oneOf(OFFER_REQUEST_STATUSES)),
  mobile: optionalPhoneSearch(),
});
const reqIdBody = z.object({ reqId: id() });
export const redeemApproveBody = z.object({ reqId: id(), isApproved: bool().default(true) });

export const requestEndpoints = defineEndpoints({
  ...rolePair('req/list', {
    scope: 'branch',
    body: reqListBody,
    response: pagedRows(offerRequest),
    summary: 'Offer requests by status (pending or done), newest first; optional customer mobile search',
  }),
  ...rolePair('req/details', {
    scope: 'branch',
    body: reqIdBody,
    response: offerRequest,
    summary: 'One offer request',
  }),
  ...rolePair('req/approve', {
    scope: 'branch',
    body: reqIdBody,
    response: offerRequest,
    summary: 'Approves a pending offer request: done, one offer taken, points moved (idempotent)',
  }),
  ...rolePair('req/redeem/list', {
    scope: 'branch',
    body: z.object(paging),
    response: pagedRows(redeemRequest),
    summary: 'Redeem requests, newest first',
  }),
  ...rolePair('req/redeem/detail', {
    scope: 'branch',
    body: reqIdBody,
    response: redeemRequest,
    summary: 'One redeem request',
  }),
  ...rolePair('req/redeem/approve', {
    scope: 'branch',
    body: redeemApproveBody,
    response: redeemRequest,
    summary: 'Approves a redeem request: points move from the customer to the merchant (idempotent)',
  }),
});
