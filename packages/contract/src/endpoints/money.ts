/**
 * Cards, points packages, package purchases and invoices, settlements and account reports
 * (SPEC §2, §3, §5, §7; DECISIONS §3, §4). A card is never answered with its full number or CVV.
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { id, optionalDate, optionalText, paging } from '../fields';
import { settlementStatus } from './orders';

const int = z.number().int();
const nullableText = z.string().nullable();
const m = ['merchant'] as const;
const idBody = z.object({ id: id() });

export const cardNumberPattern = /^\d{4} \d{4} \d{4} \d{4}$/;

export const addCardBody = z.object({
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
});

/** A saved card: masked number, never the CVV. */
export const card = z.object({
  id: int,
  nameOnCard: z.string(),
  /** Masked: `•••• •••• •••• 4242`. */
  cardNumber: z.string(),
  brand: z.string(),
  last4: z.string(),
  expirationDate: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof card>;

export const pointsPackage = z.object({
  id: int,
  name: z.string(),
  description: nullableText,
  /** Price in dollars. */
  amount: z.number(),
  points: int,
  /** Last day it can be bought (YYYY-MM-DD), or null. */
  validto: nullableText,
  createdAt: z.string(),
});
export type PointsPackage = z.infer<typeof pointsPackage>;

export const invoice = z.object({
  id: int,
  name: z.string(),
  description: nullableText,
  amount: z.number(),
  status: z.string(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

/** A package bought by the merchant (SPEC §3: Package, points, amount), with its invoice. */
export const packageRequest = z.object({
  id: int,
  points: int,
  amount: z.number(),
  paymentType: z.string(),
  status: z.string(),
  createdAt: z.string(),
  Package: pointsPackage,
  card: z.object({ id: int, brand: z.string(), last4: z.string() }).nullable(),
  invoice: invoice.nullable(),
});
export type PackageRequest = z.infer<typeof packageRequest>;

export const settlement = z.object({
  id: int,
  /** Dollars owed for the completed product request. */
  amount: z.number(),
  status: settlementStatus,
  createdAt: z.string(),
  user: z.object({ name: z.string(), mobile: z.string() }),
});
export type Settlement = z.infer<typeof settlement>;

export const settlementDetails = settlement.extend({
  productRequest: z.object({
    id: int,
    Product: z.object({ name: z.string(), description: z.string(), points: int, price: z.number() }),
  }),
  settlementDetails: z.array(
    z.object({ id: int, amount: z.number(), user: z.object({ name: z.string(), mobile: z.string() }) }),
  ),
});

export const chartRow = z.object({
  branchId: int,
  branchName: z.string(),
  countRequests: int,
  countProductRequests: int,
  totalRequestsAmountPoints: int,
  totalProductRequestsAmountPrice: z.number(),
});
export type ChartRow = z.infer<typeof chartRow>;

export const buyPackageBody = z.object({
  packageId: id(),
  cardId: id('chooseCard'),
  paymentType: optionalText(30),
  paymentId: optionalText(100),
});

export const moneyEndpoints = defineEndpoints({
  'merchant/package/list': {
    roles: m,
    scope: 'platform',
    body: z.object({ limit: paging.limit, page: paging.pageNum, pageNum: paging.pageNum }),
    response: z.object({ packageData: z.object({ rows: z.array(pointsPackage), count: int }) }),
    summary: 'Points packages for sale (data.packageData.rows).',
  },
  'merchant/package/details': {
    roles: m,
    scope: 'platform',
    body: idBody,
    response: pointsPackage,
    summary: 'One package.',
  },
  'merchant/package/req/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.object({ rows: z.array(packageRequest), count: int }),
    summary: 'Packages the merchant bought, with their invoices, newest first.',
  },
  'merchant/package/req/details': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: packageRequest,
    summary: 'One package purchase and its invoice.',
  },
  'merchant/req/package': {
    roles: m,
    scope: 'merchant',
    body: buyPackageBody,
    response: packageRequest.extend({ balance: int }),
    summary: "Buys a package with a saved card: the card is charged, the package's points credited.",
  },
  'merchant/card/add': {
    roles: m,
    scope: 'merchant',
    body: addCardBody,
    response: card,
    summary: 'Adds a card (stores holder, brand, last four, expiry and the gateway token only).',
  },
  'merchant/card/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.object({ rows: z.array(card), count: int }),
    summary: 'Saved cards, masked, the default first.',
  },
  'merchant/card/setDefault': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: card,
    summary: 'Makes a card the default.',
  },
  'merchant/card/delete': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: z.object({ success: z.literal(true) }),
    summary: 'Deletes a card (not the default while other cards exist).',
  },
  'merchant/settlement/initial/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.array(settlement),
    summary: 'Settlements in status initial (an array).',
  },
  'merchant/settlement/pending/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.array(settlement),
    summary: 'Settlements in status pending (an array).',
  },
  'merchant/settlement/details': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: settlementDetails,
    summary: 'One settlement with its product request.',
  },
  'merchant/chart/orders/branches': {
    roles: m,
    scope: 'merchant',
    body: z.object({ from: optionalDate(), to: optionalDate() }),
    response: z.array(chartRow),
    summary: 'Per-branch counts and totals for the account reports (an array).',
  },
});
