/** Account reports (`merchant/chart/orders/branches`): per-branch figures over an optional date range. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface Range {
  from?: string;
  to?: string;
}

export const reportKeys = {
  all: ['reports'] as const,
  branches: (range: Range) => [...reportKeys.all, 'branches', range.from ?? '', range.to ?? ''] as const,
};

export const useBranchChart = (range: Range, enabled = true) =>
  useQuery({
    queryKey: reportKeys.branches(range),
    queryFn: () => api.call('merchant/chart/orders/branches', { from: range.from, to: range.to }),
    enabled,
    placeholderData: (previous) => previous,
  });
