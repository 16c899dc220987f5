/** The merchant's activity log (`merchant/activity/list`, docs/domain.md "Audit trail"): filtered, a page at a time. */
import type { ApiBody } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const PAGE_SIZE = 20;

export type ActivityFilter = Omit<ApiBody<'merchant/activity/list'>, 'pageNum' | 'limit'>;

export const useActivity = (filter: ActivityFilter, pageNum: number, limit = PAGE_SIZE) =>
  useQuery({
    queryKey: queryKeys.activity.list({ ...filter, pageNum, limit }),
    queryFn: () => api.call('merchant/activity/list', { ...filter, pageNum, limit }),
    placeholderData: (previous) => previous,
  });
