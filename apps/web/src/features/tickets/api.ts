/**
 * Support tickets (`merchant/ticket/*`, `merchant/userTicket/message/reply`): the list, one ticket,
 * its messages, and the changes (create, close, reply, delete a message), each refreshing what it changes.
 */
import type { ApiBody } from '@loyalty/contract';
import { LIMITS } from '@loyalty/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';

const { tickets, ticketMessages, ticketSubjects } = queryKeys;

export const useTicketList = () =>
  useQuery({
    queryKey: tickets.list(),
    queryFn: () => api.call('merchant/ticket/list', { limit: LIMITS.listLimit, pageNum: 1 }),
  });

export const useTicket = (id: number | null) =>
  useQuery({
    queryKey: tickets.detail({ id }),
    queryFn: () => api.call('merchant/ticket/details', { id: id ?? 0 }),
    enabled: id !== null,
    meta: { showsNotFound: true },
  });

export const useTicketMessages = (ticketId: number | null) =>
  useQuery({
    queryKey: ticketMessages.list({ ticketId }),
    queryFn: async () =>
      (await api.call('merchant/ticket/messageHistory/list', { ticketId: ticketId ?? 0, limit: LIMITS.listLimit }))
        .ticketsHistoryMessage,
    enabled: ticketId !== null,
  });

/** The merchant's offers or products to choose from when a ticket is about one of them. */
export const useTicketSubjects = (type: 'offer' | 'product' | null) =>
  useQuery({
    queryKey: ticketSubjects.list({ type }),
    queryFn: async () => {
      if (type === 'offer') {
        const res = await api.call('merchant/offer/list', { limit: LIMITS.listLimit, pageNum: 1 });
        return res.rows.map((o) => ({ id: o.id, name: o.title, nameAr: o.titleAr }));
      }
      const res = await api.call('merchant/product/list', { limit: LIMITS.listLimit, pageNum: 1 });
      return res.rows.map((p) => ({ id: p.id, name: p.name, nameAr: p.nameAr }));
    },
    enabled: type !== null,
  });

export const useCreateTicket = () =>
  useAppMutation({
    mutationFn: (body: ApiBody<'merchant/ticket/create'>) => api.call('merchant/ticket/create', body),
    invalidates: [tickets.lists()],
    success: 'msg.ticketCreated',
  });

/** Close: the Closed Ticket label replaces the button, and the list reloads (SPEC §4). */
export const useCloseTicket = () =>
  useAppMutation({
    mutationFn: (id: number) => api.call('merchant/ticket/close', { id }),
    apply: (ticket, _id, qc) => qc.setQueryData(tickets.detail({ id: ticket.id }), ticket),
    invalidates: [tickets.lists()],
    success: 'msg.closedSuccessfully',
  });

export const useReply = (ticketId: number) =>
  useAppMutation({
    mutationFn: (messageBody: string) => api.call('merchant/userTicket/message/reply', { ticketId, messageBody }),
    invalidates: [ticketMessages.list({ ticketId })],
    success: 'msg.repliedSuccessfully',
  });

export const useDeleteMessage = (ticketId: number) =>
  useAppMutation({
    mutationFn: (messageId: number) => api.call('merchant/ticket/message/delete', { messageId }),
    invalidates: [ticketMessages.list({ ticketId })],
    success: 'msg.deletedSuccessfully',
  });
