/**
 * Points packages, buying one (a package request charged to a saved card) and invoices: the calls of
 * the server's `packages` module (SPEC §2, §3, §5, §7; docs/domain.md, cards and packages).
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { id, optionalText, paging } from '../fields';

const int = z.number().int();

const nullableText = z.string().nullable();

const m = ['merchant'] as const;

const idBody = z.object({ id: id() });

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
  /** Arabic variants: the package's for a paid invoice; the operator's, if given, for an issued one. */
  nameAr: nullableText,
  description: nullableText,
  descriptionAr: nullableText,
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

export const packagesEndpoints = defineEndpoints({
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
});
