/** The merchant's points history (`merchant/points/history`): the ledger, newest first, a page at a time. */
import type { LedgerLinkType, PointsHistoryRow } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const PAGE_SIZE = 20;

export const historyKeys = {
  /** The same root key the package purchase invalidates. */
  all: ['pointsHistory'] as const,
  page: (pageNum: number, limit: number) => [...historyKeys.all, pageNum, limit] as const,
};

export const usePointsHistory = (pageNum: number, limit = PAGE_SIZE) =>
  useQuery({
    queryKey: historyKeys.page(pageNum, limit),
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
