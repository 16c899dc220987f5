/**
 * Offer lists (`merchant/offer/list`, `merchantUser/offer/list`), shared by the offers screens and
 * the branch view's Offers tab. The offers feature's mutations invalidate `queryKeys.offers.all`.
 */
import { LIMITS, type StaffRole } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** A merchant's offers, or a staff member's branch's; `branchId` narrows to one branch. */
export const useOfferList = (role: StaffRole | null, options: { branchId?: number; enabled?: boolean } = {}) => {
  const body = { pageNum: 1, limit: LIMITS.listLimit, branchId: options.branchId };
  return useQuery({
    queryKey: queryKeys.offers.list({ role, ...body }),
    queryFn: () => api.callAs('offer/list', body),
    enabled: (options.enabled ?? true) && (role === 'merchant' || role === 'merchantUser'),
  });
};
