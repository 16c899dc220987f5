/**
 * Money of the merchant: packages for sale, saved cards, purchases and invoices
 * (`merchant/package/*`, `merchant/req/package`, `merchant/card/*`, `merchant/invoice/*`).
 * A purchase changes the balance: it refreshes `merchant/me` and the points history.
 */
import { type ApiBody, LIMITS } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
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

const useCardsChange = <B, R>(call: (body: B) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: cards.all }) });
};

export const useAddCard = () =>
  useCardsChange((body: ApiBody<'merchant/card/add'>) => api.call('merchant/card/add', body));

export const useSetDefaultCard = () => useCardsChange((id: number) => api.call('merchant/card/setDefault', { id }));

export const useDeleteCard = () => useCardsChange((id: number) => api.call('merchant/card/delete', { id }));

export const useBuyPackage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/req/package'>) => api.call('merchant/req/package', body),
    onSuccess: (bought) => {
      qc.setQueryData(packageRequests.detail({ id: bought.id }), bought);
      // the dashboard's balance and cash value change right away
      return Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.me.all }),
        qc.invalidateQueries({ queryKey: packageRequests.lists() }),
        qc.invalidateQueries({ queryKey: invoices.all }),
        qc.invalidateQueries({ queryKey: queryKeys.pointsHistory.all }),
      ]);
    },
  });
};

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
