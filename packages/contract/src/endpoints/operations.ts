/**
 * Product requests, deliveries, packages, cards, tickets, settlements and reports (SPEC §7).
 * Declared in full from the start; the server answers 501 until their issue implements them.
 */
import { z } from 'zod';
import { DELIVERY_STATUSES, PRODUCT_REQUEST_STATUSES, PRODUCT_REQUEST_TYPES, TICKET_TYPES } from '../constants';
import { endpoint, rolePair } from '../endpoint';
import { anyData } from '../entities';
import { blankOptional, id, idList, oneOf, optionalBool, optionalId, optionalText, paging, text } from '../fields';

const idBody = z.object({ id: id() }).strict();
const m = ['merchant'] as const;

export const cardNumberPattern = /^\d{4} \d{4} \d{4} \d{4}$/;

export const addCardBody = z
  .object({
    nameOnCard: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: 'required' })
        .min(1, { error: 'required' })
        .max(100, { error: 'tooLong' })
        .regex(/^[\p{L} ]+$/u, { error: 'validName' }),
    ),
    cardNumber: z.string({ error: 'required' }).regex(cardNumberPattern, { error: 'cardNumberLength' }),
    /** MM-YYYY */
    expirationDate: z.string({ error: 'validYearMonth' }).regex(/^(0[1-9]|1[0-2])-\d{4}$/, { error: 'validYearMonth' }),
    CVV: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string({ error: 'invalidCvv' }).regex(/^\d{3}$/, { error: 'cvvLength' }),
    ),
  })
  .strict();

export const operationsEndpoints = {
  'merchant/product/req/list': endpoint({
    path: 'merchant/product/req/list',
    roles: m,
    body: z
      .object({ ...paging, type: blankOptional(oneOf(PRODUCT_REQUEST_TYPES)), isCanceled: optionalBool() })
      .strict(),
    response: anyData,
    summary: 'Product requests by type and cancellation (data.productRequests.rows).',
  }),
  'merchantUser/product/req/list': endpoint({
    path: 'merchantUser/product/req/list',
    roles: ['merchantUser', 'delivery'],
    body: z.object({}).strict(),
    response: anyData,
    summary: 'Pending and in-progress delivery lists of the courier.',
  }),
  ...rolePair('product/req/details', {
    body: idBody,
    response: anyData,
    summary: 'One product request',
    staffRoles: ['merchantUser', 'delivery'],
  }),
  'merchant/product/req/changeStatus': endpoint({
    path: 'merchant/product/req/changeStatus',
    roles: m,
    body: z.object({ id: id(), status: oneOf(PRODUCT_REQUEST_STATUSES) }).strict(),
    response: anyData,
    summary: 'Marks a pickup request picked (done).',
  }),
  'merchantUser/product/req/changeStatus': endpoint({
    path: 'merchantUser/product/req/changeStatus',
    roles: ['merchantUser', 'delivery'],
    body: z.object({ id: id(), deliveryStatus: oneOf(DELIVERY_STATUSES) }).strict(),
    response: anyData,
    summary: 'Moves a delivery pending → inProgress → done.',
  }),
  'merchant/product/employee/assignDelivery': endpoint({
    path: 'merchant/product/employee/assignDelivery',
    roles: m,
    body: z.object({ productRequestIds: idList('required'), employeeId: id() }).strict(),
    response: anyData,
    summary: 'Assigns delivery requests to a courier.',
  }),
  'user/req/confirm/refund': endpoint({
    path: 'user/req/confirm/refund',
    roles: m,
    body: z.object({ reqId: id(), comment: optionalText(500) }).strict(),
    response: anyData,
    summary: "The merchant confirms a customer's refund (refund.pending → refund.done).",
  }),
  'merchant/package/list': endpoint({
    path: 'merchant/package/list',
    roles: m,
    body: z.object({ limit: paging.limit, page: paging.pageNum, pageNum: paging.pageNum }).strict(),
    response: anyData,
    summary: 'Points packages for sale (data.packageData.rows).',
  }),
  'merchant/package/details': endpoint({
    path: 'merchant/package/details',
    roles: m,
    body: idBody,
    response: anyData,
    summary: 'One package.',
  }),
  'merchant/package/req/list': endpoint({
    path: 'merchant/package/req/list',
    roles: m,
    body: z.object(paging).strict(),
    response: anyData,
    summary: 'Packages the merchant bought (invoices).',
  }),
  'merchant/package/req/details': endpoint({
    path: 'merchant/package/req/details',
    roles: m,
    body: idBody,
    response: anyData,
    summary: 'One package purchase.',
  }),
  'merchant/req/package': endpoint({
    path: 'merchant/req/package',
    roles: m,
    body: z
      .object({ packageId: id(), cardId: id(), paymentType: optionalText(30), paymentId: optionalText(100) })
      .strict(),
    response: anyData,
    summary: 'Buys a package with a saved card.',
  }),
  'merchant/card/add': endpoint({
    path: 'merchant/card/add',
    roles: m,
    body: addCardBody,
    response: anyData,
    summary: 'Adds a card (never stores number or CVV).',
  }),
  'merchant/card/list': endpoint({
    path: 'merchant/card/list',
    roles: m,
    body: z.object(paging).strict(),
    response: anyData,
    summary: 'Saved cards, masked.',
  }),
  'merchant/card/setDefault': endpoint({
    path: 'merchant/card/setDefault',
    roles: m,
    body: idBody,
    response: anyData,
    summary: 'Makes a card the default.',
  }),
  'merchant/card/delete': endpoint({
    path: 'merchant/card/delete',
    roles: m,
    body: idBody,
    response: anyData,
    summary: 'Deletes a card.',
  }),
  'merchant/ticket/create': endpoint({
    path: 'merchant/ticket/create',
    roles: m,
    body: z
      .object({
        portalType: optionalText(20),
        ticketType: oneOf(TICKET_TYPES),
        ticketTypeId: optionalId(),
        ticketBody: text('required', 2000),
      })
      .strict(),
    response: anyData,
    summary: 'Opens a support ticket.',
  }),
  'merchant/ticket/list': endpoint({
    path: 'merchant/ticket/list',
    roles: m,
    body: z.object(paging).strict(),
    response: anyData,
    summary: 'Tickets.',
  }),
  'merchant/ticket/close': endpoint({
    path: 'merchant/ticket/close',
    roles: m,
    body: idBody,
    response: anyData,
    summary: 'Closes a ticket once.',
  }),
  'merchant/ticket/details': endpoint({
    path: 'merchant/ticket/details',
    roles: m,
    body: idBody,
    response: anyData,
    summary: 'One ticket.',
  }),
  'merchant/ticket/messageHistory/list': endpoint({
    path: 'merchant/ticket/messageHistory/list',
    roles: m,
    body: z.object({ ticketId: id(), ...paging }).strict(),
    response: anyData,
    summary: 'Messages of a ticket (data.ticketsHistoryMessage.rows).',
  }),
  'merchant/userTicket/message/reply': endpoint({
    path: 'merchant/userTicket/message/reply',
    roles: m,
    body: z.object({ ticketId: id(), messageBody: text('required', 2000) }).strict(),
    response: anyData,
    summary: 'Replies on an open ticket.',
  }),
  'merchant/ticket/message/delete': endpoint({
    path: 'merchant/ticket/message/delete',
    roles: m,
    body: z.object({ messageId: id() }).strict(),
    response: anyData,
    summary: "Deletes one of the merchant's messages on an open ticket.",
  }),
  'merchant/settlement/initial/list': endpoint({
    path: 'merchant/settlement/initial/list',
    roles: m,
    body: z.object(paging).strict(),
    response: anyData,
    summary: 'Settlements in status initial (an array).',
  }),
  'merchant/settlement/pending/list': endpoint({
    path: 'merchant/settlement/pending/list',
    roles: m,
    body: z.object(paging).strict(),
    response: anyData,
    summary: 'Settlements in status pending (an array).',
  }),
  'merchant/settlement/details': endpoint({
    path: 'merchant/settlement/details',
    roles: m,
    body: idBody,
    response: anyData,
    summary: 'One settlement.',
  }),
  'merchant/chart/orders/branches': endpoint({
    path: 'merchant/chart/orders/branches',
    roles: m,
    body: z.object({}).strict(),
    response: anyData,
    summary: 'Per-branch counts and totals for the account reports.',
  }),
} as const;
