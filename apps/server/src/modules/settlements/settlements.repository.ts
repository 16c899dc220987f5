import { clock } from '@loyalty/contract';
import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, SettlementsTable } from '../../db/schema';
import { owedCents } from '../../db/settlement-owed';

/**
 * The only SQL of settlements: the merchant's lists and details, the settlement of a completed product
 * request and its refund line, and the operator's moves. `db` may be a transaction.
 */
export const settlementsRepository = (db: Kysely<Database>) => {
  const base = (merchantId: number) =>
    db
      .selectFrom('settlements as s')
      .innerJoin('customers as c', 'c.id', 's.userId')
      .where('s.merchantId', '=', merchantId)
      .select([
        's.id',
        // the sum of its lines: a confirmed refund's line brings it down
        owedCents('s').as('amountCents'),
        's.status',
        's.createdAt',
        's.productRequestId',
        'c.name as userName',
        'c.mobile as userMobile',
      ]);

  return {
    list: (merchantId: number, status: SettlementsTable['status'], page: { limit: number; offset: number }) =>
      base(merchantId)
        .where('s.status', '=', status)
        .orderBy('s.createdAt', 'desc')
        .orderBy('s.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),

    byId: (merchantId: number, id: number) =>
      base(merchantId)
        .innerJoin('productRequests as pr', 'pr.id', 's.productRequestId')
        .innerJoin('products as p', 'p.id', 'pr.productId')
        .select([
          'p.name as productName',
          'p.nameAr as productNameAr',
          'p.description as productDescription',
          'p.descriptionAr as productDescriptionAr',
          // the points and price the request was made at
          'pr.points as productPoints',
          'pr.priceCents as productPriceCents',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst(),

    details: (settlementId: number) =>
      db
        .selectFrom('settlementDetails as d')
        .innerJoin('customers as c', 'c.id', 'd.userId')
        .select(['d.id', 'd.kind', 'd.amountCents', 'c.name as userName', 'c.mobile as userMobile'])
        .where('d.settlementId', '=', settlementId)
        .orderBy('d.id')
        .execute(),

    // writes: settlement-writes.ts (in a product request's transaction) and the operator's move

    /** The settlement of a completed request (status initial) and its sale line. Unique per request. */
    async insertSettlement(v: { merchantId: number; productRequestId: number; userId: number; amountCents: number }) {
      const now = clock.nowIso();
      const { id } = await db
        .insertInto('settlements')
        .values({ ...v, status: 'initial', createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('settlementDetails')
        .values({ settlementId: id, userId: v.userId, kind: 'sale', amountCents: v.amountCents, createdAt: now })
        .execute();
      return id;
    },

    /** The refund line of a request's settlement (−price); unique per settlement. */
    async insertRefundLine(productRequestId: number, userId: number, amountCents: number) {
      const s = await db
        .selectFrom('settlements')
        .select('id')
        .where('productRequestId', '=', productRequestId)
        .executeTakeFirst();
      if (!s) return false;
      await db
        .insertInto('settlementDetails')
        .values({ settlementId: s.id, userId, kind: 'refund', amountCents: -amountCents, createdAt: clock.nowIso() })
        .execute();
      return true;
    },

    /** A settlement with its merchant's name, for the operator's `settlement move`. */
    forOperator: (id: number) =>
      db
        .selectFrom('settlements as s')
        .innerJoin('merchants as m', 'm.id', 's.merchantId')
        .select(['s.id', 's.status', owedCents('s').as('amountCents'), 's.productRequestId', 'm.name as merchantName'])
        .where('s.id', '=', id)
        .executeTakeFirst(),

    /** Moves a settlement from `from` to `to` only if it is still `from`; true when this call moved it. */
    async moveSettlement(id: number, from: 'initial' | 'pending', to: 'pending' | 'paid', reference?: string) {
      const now = nowIso();
      const res = await db
        .updateTable('settlements')
        .set({
          status: to,
          updatedAt: now,
          ...(to === 'paid' && { paidAt: now }),
          ...(reference !== undefined && { reference }),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Every settlement (of a status, of merchants whose name or mobile contains `merchant`), newest first. */
    operatorList: (f: { status?: 'initial' | 'pending' | 'paid'; merchant?: string }) => {
      let q = db
        .selectFrom('settlements as s')
        .innerJoin('merchants as m', 'm.id', 's.merchantId')
        .select([
          's.id',
          's.merchantId',
          'm.name as merchantName',
          's.status',
          owedCents('s').as('amountCents'),
          's.reference',
          's.createdAt',
          's.paidAt',
        ]);
      if (f.status) q = q.where('s.status', '=', f.status);
      const text = f.merchant;
      if (text) {
        const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([
            sql<boolean>`lower(m.name) LIKE lower(${like}) ESCAPE '\\'`,
            sql<boolean>`m.mobile LIKE ${like} ESCAPE '\\'`,
          ]),
        );
      }
      return q.orderBy('s.id', 'desc').limit(500).execute();
    },
  };
};

export type SettlementRow = Awaited<ReturnType<ReturnType<typeof settlementsRepository>['list']>>[number];
