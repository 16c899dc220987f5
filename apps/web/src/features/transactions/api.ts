/** The merchant's points history (`merchant/points/history`): the ledger, newest first, a page at a time. */
import type { LedgerLinkType, PointsHistoryRow } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const PAGE_SIZE = 20;

export const usePointsHistory = (pageNum: number, limit = PAGE_SIZE) =>
  useQuery({
    queryKey: queryKeys.pointsHistory.list({ pageNum, limit }),
    queryFn: () => api.call('merchant/points/history', { pageNum, limit }),
    placeholderData: (previous) => previous,
  });

const ROUTES: Partial<Record<LedgerLinkType, string>> = {
  offerRequest: '/request/',
  redeem: '/redeem/',
  productRequest: '/productrequest/',
  packageRequest: '/invoice/',
  settlement: '/settlement/',
};

/** Where a ledger row leads: its request, the package bought or the settlement. */
export const linkOf = (row: PointsHistoryRow): string | null => {
  const base = ROUTES[row.link.type];
  return base && row.link.id !== null ? `${base}${row.link.id}` : null;
};
