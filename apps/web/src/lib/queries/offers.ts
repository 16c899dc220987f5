/**
 * Offer lists (`merchant/offer/list`, `merchantUser/offer/list`), shared by the offers screens and
 * the branch view's Offers tab. The offers feature's mutations invalidate `offerKeys.all`.
 */
import { LIMITS, type StaffRole } from '@loyalty/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const offerKeys = {
  all: ['offers'] as const,
  lists: () => [...offerKeys.all, 'list'] as const,
  list: (role: StaffRole | null, branchId?: number) => [...offerKeys.lists(), role, branchId ?? 'all'] as const,
  details: () => [...offerKeys.all, 'detail'] as const,
  detail: (role: StaffRole | null, id: number) => [...offerKeys.details(), role, id] as const,
  users: (id: number) => [...offerKeys.all, 'users', id] as const,
};

/** A merchant's offers, or a staff member's branch's; `branchId` narrows to one branch. */
export const useOfferList = (role: StaffRole | null, options: { branchId?: number; enabled?: boolean } = {}) =>
  useQuery({
    queryKey: offerKeys.list(role, options.branchId),
    queryFn: () => {
      const body = { pageNum: 1, limit: LIMITS.listLimit, branchId: options.branchId };
      return role === 'merchant' ? api.call('merchant/offer/list', body) : api.call('merchantUser/offer/list', body);
    },
    enabled: (options.enabled ?? true) && (role === 'merchant' || role === 'merchantUser'),
  });
