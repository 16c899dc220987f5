/**
 * Money of the merchant: packages for sale, saved cards, purchases and invoices
 * (`merchant/package/*`, `merchant/req/package`, `merchant/card/*`, `merchant/invoice/*`).
 * A purchase changes the balance: it refreshes `merchant/me` and the points history.
 */
import type { ApiBody } from '@loyalty/contract';
import { LIMITS } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';

const { packages, cards, packageRequests, invoices } = queryKeys;

export const usePackageList = () =>
  useQuery({
    queryKey: packages.list(),
    queryFn: () => api.call('merchant/package/list', { limit: LIMITS.listLimit, page: 1 }),
  });

export const usePackage = (id: number | null) =>
  useQuery({
    queryKey: packages.detail({ id }),
    queryFn: () => api.call('merchant/package/details', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useCards = () =>
  useQuery({
    queryKey: cards.list(),
    queryFn: () => api.call('merchant/card/list', { limit: LIMITS.listLimit, pageNum: 1 }),
  });

const useCardsChange = <B, R>(call: (body: B) => Promise<R>, success: string) =>
  useAppMutation({ mutationFn: call, invalidates: [cards.all], success });

export const useAddCard = () =>
  useCardsChange((body: ApiBody<'merchant/card/add'>) => api.call('merchant/card/add', body), 'msg.cardAdded');

export const useSetDefaultCard = () =>
  useCardsChange((id: number) => api.call('merchant/card/setDefault', { id }), 'msg.defaultCardSet');

export const useDeleteCard = () =>
  useCardsChange((id: number) => api.call('merchant/card/delete', { id }), 'msg.deletedSuccessfully');

export const useBuyPackage = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/req/package'>) => api.call('merchant/req/package', body),
    apply: (bought, _body, qc) => qc.setQueryData(packageRequests.detail({ id: bought.id }), bought),
    // the dashboard's balance and cash value change right away
    invalidates: [queryKeys.me.all, packageRequests.lists(), invoices.all, queryKeys.pointsHistory.all],
    success: 'msg.packageBought',
  });

export const usePurchase = (id: number | null) =>
  useQuery({
    queryKey: packageRequests.detail({ id }),
    queryFn: () => api.call('merchant/package/req/details', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useInvoiceList = () =>
  useQuery({
    queryKey: invoices.list(),
    queryFn: () => api.call('merchant/invoice/list', { limit: LIMITS.listLimit, pageNum: 1 }),
  });

export const useInvoice = (id: number | null) =>
  useQuery({
    queryKey: invoices.detail({ id }),
    queryFn: () => api.call('merchant/invoice/details', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });
