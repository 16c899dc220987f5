/** The console's reads: one hook per call, keyed under `['operator', area, params]` (query-keys.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { opCall } from './client';
import { OP, opKeys } from './query-keys';
import type { MerchantStatus, SettlementStatus } from './types';

/** The signed-in operator as the server knows it now (a role changed meanwhile shows at once). */
export const useMe = (enabled: boolean) =>
  useQuery({ queryKey: [...OP, 'me'], queryFn: () => opCall('admin/me', {}), enabled, staleTime: 60_000 });

export const useHome = () => useQuery({ queryKey: opKeys.home, queryFn: () => opCall('admin/home', {}) });

export const useMerchants = (filter: { q?: string; status?: MerchantStatus }) =>
  useQuery({
    queryKey: [...opKeys.merchants, 'list', filter],
    queryFn: () => opCall('admin/merchant/list', filter),
    placeholderData: keepPreviousData,
  });

export const useMerchant = (id: number | null) =>
  useQuery({
    queryKey: [...opKeys.merchants, 'detail', id],
    queryFn: () => opCall('admin/merchant/show', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useTickets = (status: 'open' | 'closed' | undefined) =>
  useQuery({
    queryKey: [...opKeys.tickets, 'list', status ?? 'all'],
    queryFn: () => opCall('admin/ticket/list', status ? { status } : {}),
    placeholderData: keepPreviousData,
  });

export const useTicket = (ticketId: number | null) =>
  useQuery({
    queryKey: [...opKeys.tickets, 'detail', ticketId],
    queryFn: () => opCall('admin/ticket/show', { ticketId: ticketId ?? 0 }),
    enabled: ticketId !== null,
    meta: { showsNotFound: true },
  });

export const useSettlements = (filter: { status?: SettlementStatus; merchant?: string }) =>
  useQuery({
    queryKey: [...opKeys.settlements, 'list', filter],
    queryFn: () => opCall('admin/settlement/list', filter),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (q: string) =>
  useQuery({
    queryKey: [...opKeys.customers, 'list', q],
    queryFn: () => opCall('admin/customer/list', { q }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

export const useCustomer = (id: number | null) =>
  useQuery({
    queryKey: [...opKeys.customers, 'detail', id],
    queryFn: () => opCall('admin/customer/show', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const usePackages = () =>
  useQuery({ queryKey: [...opKeys.packages, 'list'], queryFn: () => opCall('admin/package/list', {}) });

export const useOperators = () =>
  useQuery({ queryKey: [...opKeys.operators, 'list'], queryFn: () => opCall('admin/operator/list', {}) });

export const useLog = (page: number) =>
  useQuery({
    queryKey: [...opKeys.log, 'list', page],
    queryFn: () => opCall('admin/log/list', { page }),
    placeholderData: keepPreviousData,
  });

export const useTags = () => useQuery({ queryKey: opKeys.tags, queryFn: () => opCall('admin/tag/list', {}) });

export const useInvoices = (filter: { merchant?: string; status?: 'issued' | 'paid' }) =>
  useQuery({
    queryKey: [...opKeys.invoices, 'list', filter],
    queryFn: () => opCall('admin/invoice/list', filter),
    placeholderData: keepPreviousData,
  });
