/** Offer requests, the merchant's and staff's side and the customer's own list: the calls of the server's `offer-requests` module. */
import { z } from 'zod';
import { OFFER_REQUEST_STATUSES } from '../constants';
import { defineEndpoints, rolePair } from '../endpoint';
import { offerRequest, pagedRows } from '../entities';
import { blankOptional, id, oneOf, optionalPhoneSearch, paging } from '../fields';
import { rejectBody } from './reject';

export const reqListBody = z.object({
  ...paging,
  status: blankOptional(oneOf(OFFER_REQUEST_STATUSES)),
  mobile: optionalPhoneSearch(),
});

export const reqIdBody = z.object({ reqId: id() });

export const offerRequestsEndpoints = defineEndpoints({
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
  'user/req/list': {
    roles: ['user'],
    scope: 'customer',
    body: reqListBody.omit({ mobile: true }),
    response: pagedRows(offerRequest),
    summary: "The customer's own offer requests, newest first, with status and any reject reason.",
  },
});
