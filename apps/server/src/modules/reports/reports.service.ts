import {
  ACCEPT_LIMITS,
  type ChartRow,
  clock,
  type LedgerLinkType,
  NOT_ACCEPTED_IN_TIME,
  type PointsHistoryRow,
} from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { invalidField } from '../../core/errors';
import { centsToDollars } from '../../lib/money';
import { pageOf } from '../../lib/paging';
import { acceptFigures, pausedMinutes } from './accept-figures';

/** The longest pause (merchant/branch/pause's 240 minutes) with room: how far before the range a pause is looked for. */
const PAUSE_LOOKBACK_MS = 24 * 60 * 60_000;

/** The business calendar's offset (Asia/Qatar is UTC+3 all year): a day starts at 21:00 UTC the day before. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`).toISOString();
const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** Reference prefixes of the ledger (docs/domain.md) and what the history links them to. */
const LINKS: Record<string, LedgerLinkType> = {
  offer_request: 'offerRequest',
  redeem_request: 'redeem',
  product_request: 'productRequest',
  product_refund: 'productRequest',
  package_request: 'packageRequest',
  settlement: 'settlement',
  grant: 'grant',
};

const linkOf = (reference: string): { type: LedgerLinkType; id: number | null } => {
  const [prefix, rest] = reference.split(':', 2);
  const type = LINKS[prefix] ?? 'other';
  const id = rest !== undefined && /^\d+$/.test(rest) ? Number(rest) : null;
  return { type, id: type === 'grant' || type === 'other' ? null : id };
};

/**
 * Account reports (SPEC §2: four charts per branch) and the merchant's points history (the
 * ledger made visible on /transactiondetails). Figures come from the database's aggregates.
 */
export function reportsService({ store }: ServiceDeps<'reports'>) {
  const repo = store.reports;
  return {
    async branchChart(
      caller: Pick<MerchantCaller, 'merchantId' | 'branchId'>,
      v: { from?: string; to?: string },
    ): Promise<ChartRow[]> {
      if (v.from && v.to && v.from > v.to) throw invalidField('from', 'dateRangeReversed');
      const range = {
        from: v.from ? dayStart(v.from) : undefined,
        to: v.to ? dayStart(nextDay(v.to)) : undefined,
      };
      const since = range.from ? new Date(Date.parse(range.from) - PAUSE_LOOKBACK_MS).toISOString() : undefined;
      const [rows, times, limit, pauses] = await Promise.all([
        repo.branchChart(caller.merchantId, range),
        repo.acceptTimes(caller.merchantId, range, NOT_ACCEPTED_IN_TIME),
        repo.acceptLimit(caller.merchantId),
        repo.pauseHistory(caller.merchantId, since, range.to),
      ]);
      const accepting = acceptFigures(times, limit ?? ACCEPT_LIMITS.acceptWithinDefault);
      const paused = pausedMinutes(pauses, range, clock.now());
      // staff (merchantUser/chart/orders/branches, issue 27) see their own branch's row only
      const mine = caller.branchId === undefined ? rows : rows.filter((r) => r.branchId === caller.branchId);
      return mine.map((r) => ({
        branchId: r.branchId,
        branchName: r.branchName,
        branchNameAr: r.branchNameAr,
        countRequests: Number(r.countRequests),
        countProductRequests: Number(r.countProductRequests),
        totalRequestsAmountPoints: Number(r.totalRequestsAmountPoints),
        totalProductRequestsAmountPrice: centsToDollars(Number(r.totalProductRequestsAmountCents)),
        medianAcceptSeconds: accepting.get(r.branchId)?.medianAcceptSeconds ?? null,
        acceptedInTimePercent: accepting.get(r.branchId)?.acceptedInTimePercent ?? null,
        autoCanceled: accepting.get(r.branchId)?.autoCanceled ?? 0,
        pausedMinutes: paused.get(r.branchId) ?? 0,
      }));
    },

    async pointsHistory(caller: MerchantCaller, v: { pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.ledgerPage(caller.merchantId, pageOf(v));
      const linked = rows.map((r) => ({ ...r, link: linkOf(r.reference) }));
      const idsOf = (type: LedgerLinkType) =>
        linked.filter((r) => r.link.type === type && r.link.id !== null).map((r) => r.link.id as number);
      const [offers, redeems, products, settlements, packages] = await Promise.all([
        repo.customerNames(caller.merchantId, 'offerRequest', idsOf('offerRequest')),
        repo.customerNames(caller.merchantId, 'redeem', idsOf('redeem')),
        repo.customerNames(caller.merchantId, 'productRequest', idsOf('productRequest')),
        repo.customerNames(caller.merchantId, 'settlement', idsOf('settlement')),
        repo.packageNames(caller.merchantId, idsOf('packageRequest')),
      ]);
      const names: Partial<Record<LedgerLinkType, Map<number, { name: string; nameAr?: string | null }>>> = {
        offerRequest: offers,
        redeem: redeems,
        productRequest: products,
        settlement: settlements,
        packageRequest: packages,
      };
      const out: PointsHistoryRow[] = linked.map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        delta: r.delta,
        balanceAfter: r.balanceAfter,
        reason: r.reason,
        reference: r.reference,
        link: r.link,
        who: (r.link.id !== null && names[r.link.type]?.get(r.link.id)?.name) || null,
        whoAr: (r.link.id !== null && names[r.link.type]?.get(r.link.id)?.nameAr) || null,
      }));
      return { rows: out, count };
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
