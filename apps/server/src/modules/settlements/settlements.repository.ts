import type { Kysely } from 'kysely';
import type { Database, SettlementsTable } from '../../db/schema';

/** The merchant's read side of settlements (created by completed product requests). `db` may be a transaction. */
export const settlementsRepository = (db: Kysely<Database>) => {
  const base = (merchantId: number) =>
    db
      .selectFrom('settlements as s')
      .innerJoin('customers as c', 'c.id', 's.userId')
      .where('s.merchantId', '=', merchantId)
      .select([
        's.id',
        's.amountCents',
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
  };
};

export type SettlementRow = Awaited<ReturnType<ReturnType<typeof settlementsRepository>['list']>>[number];
