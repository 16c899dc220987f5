/**
 * The signed-in account (`merchant/me`, `merchantUser/me`), shared by the dashboard, the profile
 * and the activate-account screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';

export const meKeys = {
  all: ['me'] as const,
  merchant: () => [...meKeys.all, 'merchant'] as const,
  staff: () => [...meKeys.all, 'staff'] as const,
};

export const useMerchantMe = (options: { enabled?: boolean; silent?: boolean } = {}) =>
  useQuery({
    queryKey: meKeys.merchant(),
    queryFn: () => api.call('merchant/me', {}),
    enabled: options.enabled ?? true,
    meta: { silent: options.silent },
  });

export const useMerchantUserMe = (options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: meKeys.staff(),
    queryFn: () => api.call('merchantUser/me', {}),
    enabled: options.enabled ?? true,
  });

/** Turns the merchant live or not (SPEC §2: the page reloads afterwards). */
export const useGoLive = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (isLive: boolean) => api.call('merchant/goLive', { isLive }),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKeys.merchant() }),
  });
};
