import { z } from 'zod';
import { OFFER_REQUEST_STATUSES } from '../constants';
import { rolePair } from '../endpoint';
import { offerRequest, pagedRows, redeemRequest } from '../entities';
import { blankOptional, bool, id, oneOf, optionalPhone, paging } from '../fields';

export const reqListBody = z
  .object({ ...paging, status: blankOptional(oneOf(OFFER_REQUEST_STATUSES)), mobile: optionalPhone() })
  .strict();
const reqIdBody = z.object({ reqId: id() }).strict();
export const redeemApproveBody = z.object({ reqId: id(), isApproved: bool().default(true) }).strict();

export const requestEndpoints = {
  ...rolePair('req/list', {
    body: reqListBody,
    response: pagedRows(offerRequest),
    summary: 'Offer requests by status (pending or done), newest first; optional customer mobile search',
  }),
  ...rolePair('req/details', { body: reqIdBody, response: offerRequest, summary: 'One offer request' }),
  ...rolePair('req/approve', {
    body: reqIdBody,
    response: offerRequest,
    summary: 'Approves a pending offer request: done, one offer taken, points moved (idempotent)',
  }),
  ...rolePair('req/redeem/list', {
    body: z.object(paging).strict(),
    response: pagedRows(redeemRequest),
    summary: 'Redeem requests, newest first',
  }),
  ...rolePair('req/redeem/detail', { body: reqIdBody, response: redeemRequest, summary: 'One redeem request' }),
  ...rolePair('req/redeem/approve', {
    body: redeemApproveBody,
    response: redeemRequest,
    summary: 'Approves a redeem request: points move from the customer to the merchant (idempotent)',
  }),
};
