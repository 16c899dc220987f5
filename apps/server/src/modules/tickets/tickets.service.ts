import type { Ticket, TicketMessage } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { InTransaction, ServiceDeps } from '../../core/deps';
import { conflict, forbidden, notFound } from '../../core/errors';
import { pageOf } from '../../lib/paging';
import type { TicketMessageRow, TicketRow } from './tickets.repository';

export const toTicket = (t: TicketRow): Ticket => ({
  id: t.id,
  ticketType: t.ticketType,
  ticketTypeId: t.ticketTypeId,
  ticketBody: t.ticketBody,
  status: t.status,
  isClosed: t.status === 'closed',
  portalType: t.portalType,
  createdAt: t.createdAt,
  closedAt: t.closedAt,
  User: { name: t.merchantName },
  subject:
    t.ticketTypeId === null
      ? null
      : t.ticketType === 'offer' && t.offerTitle !== null
        ? { id: t.ticketTypeId, name: t.offerTitle, nameAr: t.offerTitleAr }
        : t.ticketType === 'product' && t.productName !== null
          ? { id: t.ticketTypeId, name: t.productName, nameAr: t.productNameAr }
          : null,
});

export const toTicketMessage = (m: TicketMessageRow): TicketMessage => ({
  id: m.id,
  ticketId: m.ticketId,
  messageBody: m.messageBody,
  adminId: m.adminId,
  Admin:
    m.adminId !== null && m.adminName !== null ? { id: m.adminId, name: m.adminName, nameAr: m.adminNameAr } : null,
  createdAt: m.createdAt,
});

export interface TicketHooks {
  /** Called after the operator replied on a merchant's ticket (push notifications hook in here). */
  onOperatorReply?: (merchantId: number, ticketId: number, message: string) => void | Promise<void>;
}

/**
 * Support tickets (SPEC §2-§4, §7; docs/domain.md "Tickets"): a merchant opens one (general, or about
 * one of its own offers or products), both sides write messages while it is open, the merchant
 * closes it once; afterwards replies and deletions answer 409. Another merchant's ticket, offer,
 * product or message answers 404 exactly like a missing one.
 */
export function ticketsService({ store, log }: ServiceDeps<'tickets', 'log'>, hooks: TicketHooks = {}) {
  const repo = store.tickets;

  async function one(merchantId: number, id: number): Promise<TicketRow> {
    const t = await repo.byId(merchantId, id);
    if (!t) throw notFound('ticketNotFound');
    return t;
  }

  const ownTransaction: InTransaction<'tickets'> = (write) => store.transaction(write);

  /**
   * Adds a message on an open ticket, under the ticket's row lock; 409 when it is closed. `inTx` is
   * the transaction to write it in (the operator's, with its log row), the service's own by default.
   */
  async function addMessage(ticketId: number, body: string, adminId: number | null, inTx = ownTransaction) {
    const msg = await inTx(async (tx) => {
      if (!(await tx.tickets.lockOpen(ticketId))) return undefined;
      return tx.tickets.addMessage(ticketId, body, adminId);
    });
    if (!msg) throw conflict('ticketClosed');
    return toTicketMessage(msg);
  }

  return {
    async create(
      caller: MerchantCaller,
      v: { portalType?: string; ticketType: Ticket['ticketType']; ticketTypeId?: number; ticketBody: string },
    ): Promise<Ticket> {
      let ticketTypeId: number | null = null;
      if (v.ticketType === 'offer' || v.ticketType === 'product') {
        const id = v.ticketTypeId ?? 0;
        const found =
          v.ticketType === 'offer'
            ? await repo.offerOf(caller.merchantId, id)
            : await repo.productOf(caller.merchantId, id);
        if (!found) throw notFound(v.ticketType === 'offer' ? 'offerNotFound' : 'productNotFound');
        ticketTypeId = id;
      }
      const { id } = await repo.insert({
        merchantId: caller.merchantId,
        ticketType: v.ticketType,
        ticketTypeId,
        ticketBody: v.ticketBody,
        portalType: v.portalType?.trim() || 'user',
      });
      return toTicket(await one(caller.merchantId, id));
    },

    async list(caller: MerchantCaller, v: { pageNum?: number; limit?: number }) {
      const { rows, count } = await repo.list(caller.merchantId, pageOf(v));
      return { rows: rows.map(toTicket), count };
    },

    details: async (caller: MerchantCaller, id: number) => toTicket(await one(caller.merchantId, id)),

    async close(caller: MerchantCaller, id: number): Promise<Ticket> {
      await one(caller.merchantId, id);
      if (!(await store.transaction((tx) => tx.tickets.close(caller.merchantId, id))))
        throw conflict('ticketAlreadyClosed');
      return toTicket(await one(caller.merchantId, id));
    },

    async messages(caller: MerchantCaller, v: { ticketId: number; pageNum?: number; limit?: number }) {
      await one(caller.merchantId, v.ticketId);
      const { rows, count } = await repo.messages(v.ticketId, pageOf(v));
      return { ticketsHistoryMessage: { rows: rows.map(toTicketMessage), count } };
    },

    async reply(caller: MerchantCaller, v: { ticketId: number; messageBody: string }): Promise<TicketMessage> {
      await one(caller.merchantId, v.ticketId);
      return addMessage(v.ticketId, v.messageBody, null);
    },

    async deleteMessage(caller: MerchantCaller, messageId: number): Promise<{ success: true }> {
      const msg = await repo.messageOf(caller.merchantId, messageId);
      if (!msg) throw notFound('ticketMessageNotFound');
      if (msg.adminId !== null) throw forbidden('ownMessagesOnly');
      const deleted = await store.transaction(async (tx) => {
        if (!(await tx.tickets.lockOpen(msg.ticketId))) return 'closed' as const;
        return (await tx.tickets.deleteOwnMessage(messageId)) ? ('deleted' as const) : ('gone' as const);
      });
      if (deleted === 'closed') throw conflict('ticketClosed');
      if (deleted === 'gone') throw notFound('ticketMessageNotFound');
      return { success: true };
    },

    /**
     * The operator's reply (`npm run admin -- ticket reply`, `/api/admin/ticket/reply`): adminId is the
     * operator's id (`operators`: the command line's built-in operator, or a token's). Undefined when
     * there is no such ticket.
     */
    async operatorReply(ticketId: number, messageBody: string, adminId: number, inTx = ownTransaction) {
      const t = await repo.byId(null, ticketId);
      if (!t) return undefined;
      const msg = await addMessage(ticketId, messageBody, adminId, inTx);
      try {
        await hooks.onOperatorReply?.(t.merchantId, ticketId, messageBody);
      } catch (err) {
        log.warn({ err, ticketId }, 'operator reply hook failed');
      }
      return { ticket: toTicket(t), message: msg };
    },

    /** The operator's inbox: unanswered (the last word is the merchant's) first, then oldest first. */
    async inbox(status?: 'open' | 'closed') {
      const rows = (await repo.inbox(status)).map((t) => ({
        id: t.id,
        merchantId: t.merchantId,
        merchantName: t.merchantName,
        title: titleOf(t.ticketBody),
        status: t.status,
        createdAt: t.createdAt,
        lastMessageAt: t.lastAt ?? t.createdAt,
        answered: t.lastAdminId !== null,
      }));
      return rows.sort((a, b) => Number(a.answered) - Number(b.answered));
    },

    /** A ticket and its whole thread, for the operator; undefined when there is no such ticket. */
    async thread(ticketId: number) {
      const t = await repo.byId(null, ticketId);
      if (!t) return undefined;
      return {
        ticket: {
          id: t.id,
          merchantId: t.merchantId,
          merchantName: t.merchantName,
          title: titleOf(t.ticketBody),
          body: t.ticketBody,
          status: t.status,
          createdAt: t.createdAt,
        },
        messages: (await repo.thread(ticketId)).map(toTicketMessage),
      };
    },

    /**
     * The operator closes a ticket; closing a closed one answers the same. Undefined when there is
     * none. `inTx` gets whether this call closed it (the operator logs only a real close).
     */
    async operatorClose(ticketId: number, inTx = ownTransaction) {
      const t = await repo.byId(null, ticketId);
      if (!t) return undefined;
      await inTx((tx) => tx.tickets.closeAny(ticketId));
      return { id: ticketId, status: 'closed' as const };
    },
  };
}

/** A ticket's title in a list: the first line of its text (form posts break lines with CRLF), 80 characters at most. */
const titleOf = (body: string) => {
  const line = body.trim().split(/\r?\n/)[0]?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

export type TicketsService = ReturnType<typeof ticketsService>;
