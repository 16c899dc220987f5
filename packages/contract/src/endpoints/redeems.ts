/** Redeem requests, the merchant's and staff's side and the customer's own list: the calls of the server's `redeems` module. */
import { z } from 'zod';
import { REDEEM_STATUSES } from '../constants';
import { defineEndpoints, rolePair } from '../endpoint';
import { pagedRows, redeemRequest } from '../entities';
import { blankOptional, bool, id, oneOf, paging } from '../fields';
import { reqIdBody } from './offer-requests';
import { rejectBody } from './reject';

export const redeemListBody = z.object({ ...paging, status: blankOptional(oneOf(REDEEM_STATUSES, 'invalidValue')) });

export const redeemApproveBody = z.object({ reqId: id(), isApproved: bool().default(true) });

export const redeemsEndpoints = defineEndpoints({
  ...rolePair('req/redeem/list', {
    scope: 'branch',
    body: redeemListBody,
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
  ...rolePair('req/redeem/reject', {
    scope: 'branch',
    body: rejectBody,
    response: redeemRequest,
    summary: 'Rejects a pending redeem request with a reason: no points move; rejecting it again answers it as it is',
  }),
  'user/req/redeem/list': {
    roles: ['user'],
    scope: 'customer',
    body: redeemListBody,
    response: pagedRows(redeemRequest),
    summary: "The customer's own redeem requests, newest first, with status and any reject reason.",
  },
});
