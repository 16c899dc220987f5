/**
 * Account reports (`merchant/chart/orders/branches`): per-branch figures over an optional date range.
 * Staff whose set holds reports call `merchantUser/chart/orders/branches`: their own branch's row (issue 27).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export interface Range {
  from?: string;
  to?: string;
}

export const useBranchChart = (range: Range, enabled = true) =>
  useQuery({
    queryKey: queryKeys.reports.list({ from: range.from ?? '', to: range.to ?? '' }),
    queryFn: () => api.callAs('chart/orders/branches', { from: range.from, to: range.to }),
    enabled,
    placeholderData: (previous) => previous,
  });
