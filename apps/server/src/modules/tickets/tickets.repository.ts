import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, TicketsTable } from '../../db/schema';
import type { Page } from '../../lib/paging';

const ticketColumns = [
  't.id',
  't.merchantId',
  't.ticketType',
  't.ticketTypeId',
  't.ticketBody',
  't.portalType',
  't.status',
  't.createdAt',
  't.closedAt',
  'm.name as merchantName',
] as const;

const messageColumns = ['id', 'ticketId', 'messageBody', 'adminId', 'createdAt'] as const;

/** The only SQL of support tickets. `db` may be a transaction. */
export const ticketsRepository = (db: Kysely<Database>) => {
  const tickets = () =>
    db
      .selectFrom('tickets as t')
      .innerJoin('merchants as m', 'm.id', 't.merchantId')
      .leftJoin('offers as o', (j) =>
        j
          .onRef('o.id', '=', 't.ticketTypeId')
          .on('t.ticketType', '=', 'offer')
          .onRef('o.merchantId', '=', 't.merchantId'),
      )
      .leftJoin('products as p', (j) =>
        j
          .onRef('p.id', '=', 't.ticketTypeId')
          .on('t.ticketType', '=', 'product')
          .onRef('p.merchantId', '=', 't.merchantId'),
      )
      .select(ticketColumns)
      .select([
        'o.title as offerTitle',
        'o.titleAr as offerTitleAr',
        'p.name as productName',
        'p.nameAr as productNameAr',
      ]);

  return {
    async list(merchantId: number, page: Page) {
      const count = await db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchantId', '=', merchantId)
        .executeTakeFirstOrThrow();
      const rows = await tickets()
        .where('t.merchantId', '=', merchantId)
        .orderBy('t.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },

    /** A ticket of the merchant; any ticket when merchantId is null (the operator). */
    byId: (merchantId: number | null, id: number) => {
      let q = tickets().where('t.id', '=', id);
      if (merchantId !== null) q = q.where('t.merchantId', '=', merchantId);
      return q.executeTakeFirst();
    },

    offerOf: (merchantId: number, id: number) =>
      db.selectFrom('offers').select('id').where('id', '=', id).where('merchantId', '=', merchantId).executeTakeFirst(),

    productOf: (merchantId: number, id: number) =>
      db
        .selectFrom('products')
        .select('id')
        .where('id', '=', id)
        .where('merchantId', '=', merchantId)
        .executeTakeFirst(),

    insert(v: Pick<TicketsTable, 'merchantId' | 'ticketType' | 'ticketTypeId' | 'ticketBody' | 'portalType'>) {
      const now = nowIso();
      return db
        .insertInto('tickets')
        .values({ ...v, status: 'open', createdAt: now, updatedAt: now, closedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** Closes an open ticket of the merchant; true when this call closed it. */
    async close(merchantId: number, id: number) {
      const now = nowIso();
      const res = await db
        .updateTable('tickets')
        .set({ status: 'closed', closedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('merchantId', '=', merchantId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async messages(ticketId: number, page: Page) {
      const count = await db
        .selectFrom('ticketMessages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ticketId', '=', ticketId)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('ticketMessages')
        .select(messageColumns)
        .where('ticketId', '=', ticketId)
        .orderBy('id', 'asc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },

    /**
     * Takes the ticket's row lock while it is open (an UPDATE of its time): run it in a transaction
     * before adding or deleting a message, so a close that lands first wins. False when not open.
     */
    async lockOpen(ticketId: number) {
      const res = await db
        .updateTable('tickets')
        .set({ updatedAt: nowIso() })
        .where('id', '=', ticketId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    addMessage: (ticketId: number, messageBody: string, adminId: number | null) =>
      db
        .insertInto('ticketMessages')
        .values({ ticketId, messageBody, adminId, createdAt: nowIso() })
        .returning(messageColumns)
        .executeTakeFirstOrThrow(),

    /** A message with its ticket's owner and state. */
    messageOf: (merchantId: number, messageId: number) =>
      db
        .selectFrom('ticketMessages as tm')
        .innerJoin('tickets as t', 't.id', 'tm.ticketId')
        .select(['tm.id', 'tm.adminId', 'tm.ticketId', 't.status'])
        .where('tm.id', '=', messageId)
        .where('t.merchantId', '=', merchantId)
        .executeTakeFirst(),

    /** Deletes a merchant's (not the operator's) message; true when deleted. */
    async deleteOwnMessage(messageId: number) {
      const res = await db
        .deleteFrom('ticketMessages')
        .where('id', '=', messageId)
        .where('adminId', 'is', null)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
};

export type TicketRow = NonNullable<Awaited<ReturnType<ReturnType<typeof ticketsRepository>['byId']>>>;
export type TicketMessageRow = Awaited<ReturnType<ReturnType<typeof ticketsRepository>['messages']>>['rows'][number];
