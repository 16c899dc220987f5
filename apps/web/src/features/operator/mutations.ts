/**
 * The console's changes (lib/mutation: the answer applied, the lists it changes refreshed, a
 * success toast). The home's counts change with most of them, so they refresh it too.
 */
import { formatNumber } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { useAppMutation } from '../../lib/mutation';
import { opCall } from './client';
import { opKeys } from './query-keys';
import type { OpBody, PackageFields } from './types';

export const useMerchantAction = (action: 'approve' | 'suspend' | 'reinstate') =>
  useAppMutation({
    mutationFn: (body: { mobile: string; reason?: string }) =>
      action === 'reinstate'
        ? opCall('admin/merchant/reinstate', { mobile: body.mobile, reason: body.reason ?? '' })
        : opCall(`admin/merchant/${action}`, body),
    invalidates: [opKeys.merchants, opKeys.home],
    success: `operator.merchants.${action === 'approve' ? 'approved' : action === 'suspend' ? 'suspended' : 'reinstated'}`,
  });

export const useReplyTicket = () =>
  useAppMutation({
    mutationFn: (body: OpBody<'admin/ticket/reply'>) => opCall('admin/ticket/reply', body),
    invalidates: [opKeys.tickets, opKeys.home],
    success: 'operator.tickets.replied',
  });

export const useCloseTicket = () =>
  useAppMutation({
    mutationFn: (ticketId: number) => opCall('admin/ticket/close', { ticketId }),
    invalidates: [opKeys.tickets, opKeys.home],
    success: 'operator.tickets.closedDone',
  });

export const useMoveSettlement = () =>
  useAppMutation({
    mutationFn: (body: OpBody<'admin/settlement/move'>) => opCall('admin/settlement/move', body),
    invalidates: [opKeys.settlements, opKeys.home],
    success: (res) => (res.to === 'paid' ? 'operator.settlements.paid' : 'operator.settlements.movedPending'),
  });

export const useGrantPoints = (id: number) =>
  useAppMutation({
    mutationFn: (body: { points: number; reason: string }) =>
      // a fresh id per submission: a retry of this very call moves nothing twice
      opCall('admin/customer/points', { id, ...body, requestId: crypto.randomUUID() }),
    invalidates: [opKeys.customers],
    success: (res) => i18n.t('operator.customers.done', { balance: formatNumber(res.balance) }),
  });

export const useSavePackage = (id: number | null) =>
  useAppMutation({
    mutationFn: (body: PackageFields & { name: string; points: number; amount: number }) =>
      id === null ? opCall('admin/package/add', body) : opCall('admin/package/edit', { ...body, id }),
    invalidates: [opKeys.packages],
    success: id === null ? 'operator.packages.added' : 'operator.packages.saved',
  });

export const useDeactivatePackage = () =>
  useAppMutation({
    mutationFn: (id: number) => opCall('admin/package/deactivate', { id }),
    invalidates: [opKeys.packages],
    success: 'operator.packages.deactivated',
  });

export const useAddOperator = () =>
  useAppMutation({
    mutationFn: (body: OpBody<'admin/operator/add'>) => opCall('admin/operator/add', body),
    invalidates: [opKeys.operators, opKeys.log],
    success: 'operator.operators.added',
  });

export const useDisableOperator = () =>
  useAppMutation({
    mutationFn: (id: number) => opCall('admin/operator/disable', { id }),
    invalidates: [opKeys.operators, opKeys.log],
    success: 'operator.operators.disabled',
  });

export const useSaveTag = (id: number | null) =>
  useAppMutation({
    mutationFn: (body: { name: string }) =>
      id === null ? opCall('admin/tag/add', body) : opCall('admin/tag/edit', { ...body, id }),
    invalidates: [opKeys.tags],
    success: id === null ? 'operator.tags.added' : 'operator.tags.saved',
  });

export const useDeactivateTag = () =>
  useAppMutation({
    mutationFn: (id: number) => opCall('admin/tag/deactivate', { id }),
    invalidates: [opKeys.tags],
    success: 'operator.tags.deactivated',
  });

export const useAddInvoice = () =>
  useAppMutation({
    mutationFn: (body: OpBody<'admin/invoice/add'>) => opCall('admin/invoice/add', body),
    invalidates: [opKeys.invoices],
    success: 'operator.invoices.added',
  });
