/**
 * Money of the merchant: packages for sale, saved cards, purchases and invoices
 * (`merchant/package/*`, `merchant/req/package`, `merchant/card/*`, `merchant/invoice/*`).
 * A purchase changes the balance: it refreshes `merchant/me` and the points history.
 */
import { type ApiBody, LIMITS } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKeys } from '../../lib/queries/me';

export const moneyKeys = {
  packages: ['packages'] as const,
  packageList: () => [...moneyKeys.packages, 'list'] as const,
  package: (id: number) => [...moneyKeys.packages, 'detail', id] as const,
  cards: ['cards'] as const,
  purchases: ['packageRequests'] as const,
  purchase: (id: number) => [...moneyKeys.purchases, 'detail', id] as const,
  invoices: ['invoices'] as const,
  invoiceList: () => [...moneyKeys.invoices, 'list'] as const,
  invoice: (id: number) => [...moneyKeys.invoices, 'detail', id] as const,
  /** The points history of /transactiondetails (its own feature reads the same key). */
  history: ['pointsHistory'] as const,
};

export const usePackageList = () =>
  useQuery({
    queryKey: moneyKeys.packageList(),
    queryFn: () => api.call('merchant/package/list', { limit: LIMITS.listLimit, page: 1 }),
  });

export const usePackage = (id: number) =>
  useQuery({
    queryKey: moneyKeys.package(id),
    queryFn: () => api.call('merchant/package/details', { id }),
    enabled: id > 0,
  });

export const useCards = () =>
  useQuery({
    queryKey: moneyKeys.cards,
    queryFn: () => api.call('merchant/card/list', { limit: LIMITS.listLimit, pageNum: 1 }),
  });

export const useAddCard = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/card/add'>) => api.call('merchant/card/add', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: moneyKeys.cards }),
  });
};

export const useSetDefaultCard = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('merchant/card/setDefault', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: moneyKeys.cards }),
  });
};

export const useDeleteCard = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('merchant/card/delete', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: moneyKeys.cards }),
  });
};

export const useBuyPackage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'merchant/req/package'>) => api.call('merchant/req/package', body),
    onSuccess: (bought) => {
      qc.setQueryData(moneyKeys.purchase(bought.id), bought);
      // the dashboard's balance and cash value change right away
      return Promise.all([
        qc.invalidateQueries({ queryKey: meKeys.merchant() }),
        qc.invalidateQueries({ queryKey: moneyKeys.purchases }),
        qc.invalidateQueries({ queryKey: moneyKeys.invoices }),
        qc.invalidateQueries({ queryKey: moneyKeys.history }),
      ]);
    },
  });
};

export const usePurchase = (id: number) =>
  useQuery({
    queryKey: moneyKeys.purchase(id),
    queryFn: () => api.call('merchant/package/req/details', { id }),
    enabled: id > 0,
  });

export const useInvoiceList = () =>
  useQuery({
    queryKey: moneyKeys.invoiceList(),
    queryFn: () => api.call('merchant/invoice/list', { limit: LIMITS.listLimit, pageNum: 1 }),
  });

export const useInvoice = (id: number) =>
  useQuery({
    queryKey: moneyKeys.invoice(id),
    queryFn: () => api.call('merchant/invoice/details', { id }),
    enabled: id > 0,
  });

/** A route's numeric id, or 0 (nothing to load) when it is not one. */
export const idParam = (value: string | undefined): number => (value && /^\d{1,10}$/.test(value) ? Number(value) : 0);
