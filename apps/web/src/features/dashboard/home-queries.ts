/**
 * What the home fetches before it is drawn: the lists' queries (the hooks are in orders-to-accept.tsx),
 * and `prefetchMerchantHome`, which main.tsx calls when the page painted a merchant's home, so that
 * the requests leave while React hydrates instead of from the hydration's effects.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { HOME_SHOWN } from '../../lib/first-screen-calls';
import { branchListQuery } from '../../lib/queries/branches';
import { merchantMeQuery } from '../../lib/queries/me';
import { queryKeys } from '../../lib/query-keys';

/** Who is at home: the merchant lists every branch's, a staff member their branch's (`…/branchList`). */
export type HomeRole = 'merchant' | 'merchantUser';

const listOf = async (role: HomeRole, filter: { toAccept?: boolean; noCourier?: boolean }) => {
  const body = { ...filter, limit: HOME_SHOWN, pageNum: 1 };
  const res =
    role === 'merchant'
      ? await api.call('merchant/product/req/list', body)
      : await api.call('merchantUser/product/req/branchList', body);
  return res.productRequests.rows;
};

/** The new orders waiting to be accepted, oldest first. */
export const ordersToAcceptQuery = (role: HomeRole) =>
  queryOptions({
    queryKey: queryKeys.productRequests.list({ tab: 'toAccept', role }),
    queryFn: () => listOf(role, { toAccept: true }),
  });

/** The deliveries without a courier, oldest first. */
export const withoutCourierQuery = (role: HomeRole) =>
  queryOptions({
    queryKey: queryKeys.productRequests.list({ tab: 'noCourier', role }),
    queryFn: () => listOf(role, { noCourier: true }),
  });

/** Starts what a merchant's home waits for (merchant-dashboard.tsx): `me`, the orders to accept, the branches. */
export function prefetchMerchantHome(client: QueryClient): void {
  void client.prefetchQuery(merchantMeQuery);
  void client.prefetchQuery(ordersToAcceptQuery('merchant'));
  void client.prefetchQuery(branchListQuery());
}
