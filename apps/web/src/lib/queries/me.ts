/**
 * The signed-in account (`merchant/me`, `merchantUser/me`), shared by the dashboard, the profile
 * and the activate-account screen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { useAppMutation } from '../mutation';
import { queryKeys } from '../query-keys';

/** The merchant's profile, also set by a profile update. */
export const merchantMeKey = queryKeys.me.detail({ role: 'merchant' });

/** `merchant/me` as a query (also prefetched: features/dashboard/home-queries.ts). */
export const merchantMeQuery = queryOptions({
  queryKey: merchantMeKey,
  queryFn: () => api.call('merchant/me', {}),
});

export const useMerchantMe = (options: { enabled?: boolean; silent?: boolean } = {}) =>
  useQuery({
    ...merchantMeQuery,
    enabled: options.enabled ?? true,
    meta: { silent: options.silent },
  });

/** What `merchant/me` answers. */
export type MerchantMe = NonNullable<ReturnType<typeof useMerchantMe>['data']>;

export const useMerchantUserMe = (options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: queryKeys.me.detail({ role: 'merchantUser' }),
    queryFn: () => api.call('merchantUser/me', {}),
    enabled: options.enabled ?? true,
  });

/** Turns the merchant live or not (SPEC §2: the page reloads afterwards). */
export const useGoLive = () =>
  useAppMutation({
    mutationFn: (isLive: boolean) => api.call('merchant/goLive', { isLive }),
    invalidates: [queryKeys.me.all],
  });
