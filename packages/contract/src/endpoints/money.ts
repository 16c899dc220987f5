/**
 * Cards, points packages, package purchases and invoices, settlements and account reports
 * (SPEC §2, §3, §5, §7; docs/domain.md, cards and packages). A card is never answered with its full number or CVV.
 */
import { z } from 'zod';
import { cardHolderField, cardNumberField, cvvField, expirationDateField } from '../card-rules';
import { defineEndpoints } from '../endpoint';
import { id, optionalDate, optionalText, paging } from '../fields';
import { settlementStatus } from './orders';

const int = z.number().int();
const nullableText = z.string().nullable();
const m = ['merchant'] as const;
const idBody = z.object({ id: id() });

export * from '../card-rules';

/**
 * `/merchant/card/add` (SPEC §3, §5): expirationDate MM-YYYY, CVV, nameOnCard, cardNumber. The
 * number is handed to the payment gateway and forgotten (only brand, last four and the gateway's
 * token are kept); the CVV is never stored.
 */
export const addCardBody = z.object({
  nameOnCard: cardHolderField(),
  cardNumber: cardNumberField(),
  expirationDate: expirationDateField(),
  CVV: cvvField(),
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
  nameAr: nullableText,
  description: nullableText,
  descriptionAr: nullableText,
  /** Price in dollars. */
  amount: z.number(),
  points: int,
  /** Last day it can be bought (YYYY-MM-DD, business calendar), or null. */
  validto: nullableText,
  /** Active and not past `validto`: it can be bought today. */
  isAvailable: z.boolean(),
  createdAt: z.string(),
});
export type PointsPackage = z.infer<typeof pointsPackage>;

export const INVOICE_STATUSES = ['paid', 'issued'] as const;

/**
 * A bill of the merchant: `paid` for a package bought with a card (it names the purchase), `issued`
 * for one the operator records (`npm run admin -- invoice add`), settled outside the app.
 */
export const invoice = z.object({
  id: int,
  name: z.string(),
  description: nullableText,
  amount: z.number(),
  status: z.enum(INVOICE_STATUSES),
  /** The package purchase this invoice is for, or null. */
  packageRequestId: int.nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

/** A package bought by the merchant (SPEC §3: Package, points, amount), with its invoice. */
export const packageRequest = z.object({
  id: int,
  /** Points credited and dollars charged at the moment of purchase. */
  points: int,
  amount: z.number(),
  paymentType: z.string(),
  status: z.literal('paid'),
  createdAt: z.string(),
  Package: pointsPackage,
  /** The card charged (kept as it was even if the card is deleted later). */
  card: z.object({ id: int, brand: z.string(), last4: z.string() }).nullable(),
  invoice: invoice.nullable(),
});
export type PackageRequest = z.infer<typeof packageRequest>;

const person = z.object({ name: z.string(), mobile: z.string() });

export const settlement = z.object({
  id: int,
  /** Dollars owed for the completed product request. */
  amount: z.number(),
  status: settlementStatus,
  createdAt: z.string(),
  user: person,
});
export type Settlement = z.infer<typeof settlement>;

export const settlementDetails = settlement.extend({
  productRequest: z.object({
    id: int,
    Product: z.object({
      name: z.string(),
      nameAr: nullableText,
      description: z.string(),
      descriptionAr: nullableText,
      points: int,
      price: z.number(),
    }),
  }),
  /** The sale line (+price) and, after a confirmed refund, the refund line (-price). */
  settlementDetails: z.array(z.object({ id: int, kind: z.enum(['sale', 'refund']), amount: z.number(), user: person })),
});
export type SettlementDetails = z.infer<typeof settlementDetails>;

/**
 * A branch's figures over the chosen dates (docs/domain.md, "Account reports"): offer requests
 * received, product requests received (not canceled), points of the done offer requests paid with
 * points, dollars of the done product requests paid with price.
 */
export const chartRow = z.object({
  branchId: int,
  branchName: z.string(),
  countRequests: int,
  countProductRequests: int,
  totalRequestsAmountPoints: int,
  totalProductRequestsAmountPrice: z.number(),
});
export type ChartRow = z.infer<typeof chartRow>;

/** What a ledger row points at, so the history can link to it. */
export const LEDGER_LINK_TYPES = [
  'offerRequest',
  'redeem',
  'productRequest',
  'packageRequest',
  'settlement',
  'grant',
  'other',
] as const;
export type LedgerLinkType = (typeof LEDGER_LINK_TYPES)[number];

/** A row of the merchant's points history (`/transactiondetails`). */
export const pointsHistoryRow = z.object({
  id: int,
  createdAt: z.string(),
  /** Points in (+) or out (-). */
  delta: int,
  balanceAfter: int,
  reason: z.string(),
  reference: z.string(),
  link: z.object({ type: z.enum(LEDGER_LINK_TYPES), id: int.nullable() }),
  /** Who moved them: the customer, or the package bought. */
  who: nullableText,
});
export type PointsHistoryRow = z.infer<typeof pointsHistoryRow>;

export const buyPackageBody = z.object({
  packageId: id(),
  cardId: id('chooseCard'),
  /** SPEC §9: `stripe`, with a fixed payment id; kept on the purchase as sent. */
  paymentType: optionalText(30),
  paymentId: optionalText(100),
  /**
   * One key per purchase the merchant means to make (the app makes one when the buy sheet opens):
   * the same key twice buys once. Without it the server derives one from the request.
   */
  idempotencyKey: optionalText(100),
});

export const moneyEndpoints = defineEndpoints({
  'merchant/package/list': {
    roles: m,
    scope: 'platform',
    body: z.object({ limit: paging.limit, page: paging.pageNum, pageNum: paging.pageNum }),
    response: z.object({ packageData: z.object({ rows: z.array(pointsPackage), count: int }) }),
    summary: 'Points packages for sale today: active and not past validto (data.packageData.rows).',
  },
  'merchant/package/details': {
    roles: m,
    scope: 'platform',
    body: idBody,
    response: pointsPackage,
    summary: 'One active package (isAvailable false once past validto).',
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
    summary:
      "Buys a package with a saved card: the card is charged once (idempotency key), the package's points credited, an invoice recorded.",
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
  'merchant/invoice/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.object({ rows: z.array(invoice), count: int }),
    summary: "The merchant's invoices, newest first (our addition: the invoices sheet).",
  },
  'merchant/invoice/details': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: invoice,
    summary: 'One invoice (our addition).',
  },
  'merchant/points/history': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.object({ rows: z.array(pointsHistoryRow), count: int }),
    summary: "The merchant's points ledger, newest first (our addition: /transactiondetails).",
  },
  'merchant/settlement/initial/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.array(settlement),
    summary: 'Settlements in status initial, newest first (an array).',
  },
  'merchant/settlement/pending/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.array(settlement),
    summary: 'Settlements in status pending, newest first (an array).',
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
    summary: 'Per-branch counts and totals for the account reports, computed by the database (an array).',
  },
});
