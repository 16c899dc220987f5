/**
 * CSV exports of the lists (docs/domain.md, "Exports"): `GET /api/<path>?<the list's filters>` with
 * the token in the Authorization header, answered as a streamed UTF-8 CSV with a BOM, cells that
 * could start a spreadsheet formula prefixed with `'`. Roles and scope are the list's own. The calls
 * of the server's `exports` module (the activity log's export is in activity.ts).
 */
import { z } from 'zod';
import {
  OFFER_REQUEST_STATUSES,
  PRODUCT_REQUEST_STATUSES,
  PRODUCT_REQUEST_TYPES,
  SETTLEMENT_STATUSES,
} from '../constants';
import { defineEndpoints, rolePair } from '../endpoint';
import { blankOptional, oneOf, optionalBool, optionalPhoneSearch } from '../fields';

/** The rows of a CSV answer, as the server streams them (never JSON). */
export const csvStream = z.custom<AsyncIterable<string>>(
  (v) => v !== null && typeof v === 'object' && Symbol.asyncIterator in v,
);

const m = ['merchant'] as const;

export const EXPORT_KINDS = [
  'offer-requests',
  'redeems',
  'product-requests',
  'settlements',
  'invoices',
  'points-history',
  'activity',
] as const;

export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportOfferRequestsBody = z.object({
  status: blankOptional(oneOf(OFFER_REQUEST_STATUSES)),
  mobile: optionalPhoneSearch(),
});

export const exportProductRequestsBody = z.object({
  type: blankOptional(oneOf(PRODUCT_REQUEST_TYPES)),
  isCanceled: optionalBool(),
  status: blankOptional(oneOf(PRODUCT_REQUEST_STATUSES, 'invalidValue')),
});

export const exportSettlementsBody = z.object({ status: blankOptional(oneOf(SETTLEMENT_STATUSES, 'invalidValue')) });

export const exportsEndpoints = defineEndpoints({
  ...rolePair('export/offer-requests.csv', {
    scope: 'branch',
    format: 'csv',
    body: exportOfferRequestsBody,
    response: csvStream,
    summary: 'Offer requests as CSV, with the list filters (status, customer mobile), newest first',
  }),
  ...rolePair('export/redeems.csv', {
    scope: 'branch',
    format: 'csv',
    body: z.object({}),
    response: csvStream,
    summary: 'Redeem requests as CSV, newest first',
  }),
  'merchant/export/product-requests.csv': {
    roles: m,
    scope: 'branch',
    format: 'csv',
    body: exportProductRequestsBody,
    response: csvStream,
    summary: 'Product requests as CSV, with the list filters (type, canceled, status), newest first.',
  },
  'merchant/export/settlements.csv': {
    roles: m,
    scope: 'merchant',
    format: 'csv',
    body: exportSettlementsBody,
    response: csvStream,
    summary: 'Settlements as CSV, optionally of one status, newest first.',
  },
  'merchant/export/invoices.csv': {
    roles: m,
    scope: 'merchant',
    format: 'csv',
    body: z.object({}),
    response: csvStream,
    summary: "The merchant's invoices as CSV, newest first.",
  },
  'merchant/export/points-history.csv': {
    roles: m,
    scope: 'merchant',
    format: 'csv',
    body: z.object({}),
    response: csvStream,
    summary: "The merchant's points ledger as CSV, newest first.",
  },
});
