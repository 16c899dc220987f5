/** The platform's tags (`merchant/tag/list`), for the offer and product forms. */
import { LIMITS } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export const useTagList = () => {
  const page = { pageNum: 1, limit: LIMITS.listLimit };
  return useQuery({
    queryKey: queryKeys.tags.list(page),
    queryFn: () => api.call('merchant/tag/list', page),
    staleTime: 5 * 60_000,
  });
};
