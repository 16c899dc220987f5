/** Support tickets between a merchant and the platform operator (SPEC §2-§4, §7): the calls of the server's `tickets` module. */
import { z } from 'zod';
import { TICKET_TYPES } from '../constants';
import { defineEndpoints } from '../endpoint';
import { id, oneOf, optionalId, optionalText, paging, text } from '../fields';

const int = z.number().int();
const m = ['merchant'] as const;
const idBody = z.object({ id: id() });

export const ticket = z.object({
  id: int,
  ticketType: z.enum(TICKET_TYPES),
  ticketTypeId: int.nullable(),
  ticketBody: z.string(),
  status: z.enum(['open', 'closed']),
  isClosed: z.boolean(),
  portalType: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** The merchant who opened it (SPEC §3: User.name). */
  User: z.object({ name: z.string() }),
  /** The offer or product it is about, when ticketType is offer or product. */
  subject: z.object({ id: int, name: z.string(), nameAr: z.string().nullable() }).nullable(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketMessage = z.object({
  id: int,
  ticketId: int,
  messageBody: z.string(),
  /** Set on the operator's messages (the operator's id); null on the merchant's. */
  adminId: int.nullable(),
  /** The operator who wrote it, by name (and its Arabic variant); null on the merchant's. */
  Admin: z.object({ id: int, name: z.string(), nameAr: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const createTicketBody = z
  .object({
    portalType: optionalText(20),
    ticketType: oneOf(TICKET_TYPES),
    ticketTypeId: optionalId(),
    ticketBody: text('required', 2000),
  })
  .superRefine((v, ctx) => {
    if (v.ticketType !== 'general' && v.ticketTypeId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['ticketTypeId'],
        message: v.ticketType === 'offer' ? 'chooseOffer' : 'chooseProduct',
      });
  });

export const replyBody = z.object({ ticketId: id(), messageBody: text('required', 2000) });

export const ticketsEndpoints = defineEndpoints({
  'merchant/ticket/create': {
    roles: m,
    scope: 'merchant',
    body: createTicketBody,
    response: ticket,
    summary: "Opens a support ticket (general, or about one of the merchant's offers or products).",
  },
  'merchant/ticket/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.object({ rows: z.array(ticket), count: int }),
    summary: 'Tickets, newest first.',
  },
  'merchant/ticket/close': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: ticket,
    summary: 'Closes a ticket once.',
  },
  'merchant/ticket/details': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: ticket,
    summary: 'One ticket.',
  },
  'merchant/ticket/messageHistory/list': {
    roles: m,
    scope: 'merchant',
    body: z.object({ ticketId: id(), ...paging }),
    response: z.object({ ticketsHistoryMessage: z.object({ rows: z.array(ticketMessage), count: int }) }),
    summary: 'Messages of a ticket, oldest first (data.ticketsHistoryMessage.rows).',
  },
  'merchant/userTicket/message/reply': {
    roles: m,
    scope: 'merchant',
    body: replyBody,
    response: ticketMessage,
    summary: 'Replies on an open ticket.',
  },
  'merchant/ticket/message/delete': {
    roles: m,
    scope: 'merchant',
    body: z.object({ messageId: id() }),
    response: z.object({ success: z.literal(true) }),
    summary: "Deletes one of the merchant's own messages on an open ticket.",
  },
});
