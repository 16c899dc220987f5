import type { Handlers } from '../../core/handler';
import type { TicketsService } from './tickets.service';

export const ticketsRoutes = (tickets: TicketsService): Handlers => ({
  'merchant/ticket/create': ({ merchant, body }) => tickets.create(merchant, body),
  'merchant/ticket/list': ({ merchant, body }) => tickets.list(merchant, body),
  'merchant/ticket/details': ({ merchant, body }) => tickets.details(merchant, body.id),
  'merchant/ticket/close': ({ merchant, body }) => tickets.close(merchant, body.id),
  'merchant/ticket/messageHistory/list': ({ merchant, body }) => tickets.messages(merchant, body),
  'merchant/userTicket/message/reply': ({ merchant, body }) => tickets.reply(merchant, body),
  'merchant/ticket/message/delete': ({ merchant, body }) => tickets.deleteMessage(merchant, body.messageId),
});
