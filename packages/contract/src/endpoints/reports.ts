/** Account reports, the points history and the orders chart: the calls of the server's `reports` module. */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { optionalDate, paging } from '../fields';

const int = z.number().int();

const nullableText = z.string().nullable();

const m = ['merchant'] as const;

/**
 * A branch's figures over the chosen dates (docs/domain.md, "Account reports"): offer requests
 * received, product requests received (not canceled), points of the done offer requests paid with
 * points, dollars of the done product requests paid with price.
 */
export const chartRow = z.object({
  branchId: int,
  branchName: z.string(),
  branchNameAr: nullableText,
  countRequests: int,
  countProductRequests: int,
  totalRequestsAmountPoints: int,
  totalProductRequestsAmountPrice: z.number(),
  /**
   * Accepting in time (issue 26), over the product requests created in the dates: the median of
   * accepted − created, in seconds (null when none was accepted).
   */
  medianAcceptSeconds: int.nullable(),
  /**
   * Of the requests that were accepted or canceled for want of acceptance, the percent (0-100,
   * rounded) accepted within the merchant's `acceptWithinMinutes`; null when there were none.
   */
  acceptedInTimePercent: int.nullable(),
  /** Requests the platform canceled because nobody accepted them in time. */
  autoCanceled: int,
  /** Minutes the branch was paused within the dates (from its pause and resume history). */
  pausedMinutes: int,
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
  /** The Arabic name of `who` where it has one (a package). */
  whoAr: nullableText,
});

export type PointsHistoryRow = z.infer<typeof pointsHistoryRow>;

export const reportsEndpoints = defineEndpoints({
  'merchant/points/history': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.object({ rows: z.array(pointsHistoryRow), count: int }),
    summary: "The merchant's points ledger, newest first (our addition: /transactiondetails).",
  },
  'merchant/chart/orders/branches': {
    roles: m,
    scope: 'merchant',
    body: z.object({ from: optionalDate(), to: optionalDate() }),
    response: z.array(chartRow),
    summary: 'Per-branch counts and totals for the account reports, computed by the database (an array).',
  },
  'merchantUser/chart/orders/branches': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: z.object({ from: optionalDate(), to: optionalDate() }),
    response: z.array(chartRow),
    summary: "Staff with the reports permission: their own branch's row of the account reports (an array).",
  },
});
