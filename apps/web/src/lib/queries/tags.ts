/** The platform's tags (`merchant/tag/list`), for the offer and product forms. */
import { LIMITS } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const tagKeys = { all: ['tags'] as const };

export const useTagList = () =>
  useQuery({
    queryKey: tagKeys.all,
    queryFn: () => api.call('merchant/tag/list', { pageNum: 1, limit: LIMITS.listLimit }),
    staleTime: 5 * 60_000,
  });
