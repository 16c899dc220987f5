import { type Kysely, sql } from 'kysely';
import { isPostgres, nowIso } from '../../db/dialect';
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

const messageColumns = [
  'tm.id',
  'tm.ticketId',
  'tm.messageBody',
  'tm.adminId',
  'tm.createdAt',
  'o.name as adminName',
  'o.nameAr as adminNameAr',
] as const;

/** The only SQL of support tickets. `db` may be a transaction. */
export const ticketsRepository = (db: Kysely<Database>) => {
  /** Messages with the name of the operator who wrote each (none on the merchant's). */
  const messageRows = () =>
    db.selectFrom('ticketMessages as tm').leftJoin('operators as o', 'o.id', 'tm.adminId').select(messageColumns);

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

  /**
   * Takes the ticket's row lock while it is open (docs/domain.md, "Tickets"): PostgreSQL's
   * `SELECT … FOR UPDATE`, which waits for a close, reply or deletion holding it and then reads the
   * ticket as that one left it; SQLite runs one write transaction at a time. Run it in a transaction
   * before closing, adding or deleting a message, and read the time only afterwards. False when the
   * ticket is not open (or not the merchant's, when one is given).
   */
  async function lockOpen(ticketId: number, merchantId?: number) {
    let q = db.selectFrom('tickets').select(['id', 'status']).where('id', '=', ticketId);
    if (merchantId !== undefined) q = q.where('merchantId', '=', merchantId);
    const row = await (isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
    return row?.status === 'open';
  }

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

    /**
     * Closes an open ticket of the merchant; true when this call closed it. Run it in a transaction:
     * it takes the ticket's row lock first (lockOpen) and reads the time once it holds it, so a reply
     * that held the lock is stored before the close and never after its `closedAt`.
     */
    async close(merchantId: number, id: number) {
      if (!(await lockOpen(id, merchantId))) return false;
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
      const rows = await messageRows()
        .where('tm.ticketId', '=', ticketId)
        .orderBy('tm.id', 'asc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },

    lockOpen: (ticketId: number) => lockOpen(ticketId),

    /** The operator's inbox: every ticket (of a status) with its merchant, last message time and writer. */
    inbox: (status?: 'open' | 'closed') => {
      let q = db
        .selectFrom('tickets as t')
        .innerJoin('merchants as m', 'm.id', 't.merchantId')
        .select([
          't.id',
          't.merchantId',
          'm.name as merchantName',
          't.ticketBody',
          't.status',
          't.createdAt',
          sql<string | null>`(select max(x.created_at) from ticket_messages x where x.ticket_id = t.id)`.as('lastAt'),
          sql<
            number | null
          >`(select x.admin_id from ticket_messages x where x.ticket_id = t.id order by x.id desc limit 1)`.as(
            'lastAdminId',
          ),
        ]);
      if (status) q = q.where('t.status', '=', status);
      return q.orderBy('t.createdAt').orderBy('t.id').limit(1000).execute();
    },

    /** Closes an open ticket, any merchant's (the operator); true when this call closed it. Run it in a transaction. */
    async closeAny(id: number) {
      if (!(await lockOpen(id))) return false;
      const now = nowIso();
      const res = await db
        .updateTable('tickets')
        .set({ status: 'closed', closedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Every message of a ticket, oldest first (the operator's thread view; 500 at most). */
    thread: (ticketId: number) =>
      messageRows().where('tm.ticketId', '=', ticketId).orderBy('tm.id', 'asc').limit(500).execute(),

    /** A message on a ticket; run it after lockOpen, in the same transaction, so its time follows the lock. */
    async addMessage(ticketId: number, messageBody: string, adminId: number | null) {
      const now = nowIso();
      await db.updateTable('tickets').set({ updatedAt: now }).where('id', '=', ticketId).execute();
      const { id } = await db
        .insertInto('ticketMessages')
        .values({ ticketId, messageBody, adminId, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return messageRows().where('tm.id', '=', id).executeTakeFirstOrThrow();
    },

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
