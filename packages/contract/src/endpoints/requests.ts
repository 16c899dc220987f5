import { z } from 'zod';
import { OFFER_REQUEST_STATUSES, REDEEM_STATUSES } from '../constants';
import { defineEndpoints, rolePair } from '../endpoint';
import { offerRequest, pagedRows, redeemRequest } from '../entities';
import { blankOptional, bool, id, oneOf, optionalPhoneSearch, paging } from '../fields';
import { rejectBody } from './reject';

export const reqListBody = z.object({
  ...paging,
  status: blankOptional(oneOf(OFFER_REQUEST_STATUSES)),
  mobile: optionalPhoneSearch(),
});
const reqIdBody = z.object({ reqId: id() });
export const redeemListBody = z.object({ ...paging, status: blankOptional(oneOf(REDEEM_STATUSES, 'invalidValue')) });
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
  ...rolePair('req/reject', {
    scope: 'branch',
    body: rejectBody,
    response: offerRequest,
    summary: 'Rejects a pending offer request with a reason: nothing moves; rejecting it again answers it as it is',
  }),
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
  'user/req/list': {
    roles: ['user'],
    scope: 'customer',
    body: reqListBody.omit({ mobile: true }),
    response: pagedRows(offerRequest),
    summary: "The customer's own offer requests, newest first, with status and any reject reason.",
  },
  'user/req/redeem/list': {
    roles: ['user'],
    scope: 'customer',
    body: redeemListBody,
    response: pagedRows(redeemRequest),
    summary: "The customer's own redeem requests, newest first, with status and any reject reason.",
  },
});
