import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A half-open range of instants [from, to) as stored (ISO-8601 UTC), either end open. */
export interface InstantRange {
  from?: string;
  to?: string;
}

/** The SQL of the account reports and the points history. `db` may be a transaction. */
export const reportsRepository = (db: Kysely<Database>) => ({
  /**
   * One row per branch of the merchant (oldest branch first), every figure computed by the
   * database: requests created in the range, grouped by branch, joined to the branches.
   * - countRequests: offer requests (any status);
   * - totalRequestsAmountPoints: points of the done offer requests paid with points;
   * - countProductRequests: product requests not canceled;
   * - totalProductRequestsAmountPrice (cents here): price of the product requests paid with price
   *   that were completed (done, or refund asked but not yet confirmed).
   */
  branchChart(merchantId: number, range: InstantRange) {
    const offers = db
      .selectFrom('offerRequests')
      .where('merchantId', '=', merchantId)
      .$if(range.from !== undefined, (q) => q.where('createdAt', '>=', range.from as string))
      .$if(range.to !== undefined, (q) => q.where('createdAt', '<', range.to as string))
      .groupBy('branchId')
      .select((eb) => [
        'branchId',
        eb.fn.countAll<number>().as('countRequests'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('status', '=', 'done'), eb('payWith', '=', 'points')]))
              .then(eb.ref('points'))
              .else(0)
              .end(),
          )
          .as('points'),
      ]);
    const products = db
      .selectFrom('productRequests')
      .where('merchantId', '=', merchantId)
      .$if(range.from !== undefined, (q) => q.where('createdAt', '>=', range.from as string))
      .$if(range.to !== undefined, (q) => q.where('createdAt', '<', range.to as string))
      .groupBy('branchId')
      .select((eb) => [
        'branchId',
        eb.fn.sum<number>(eb.case().when('status', '<>', 'canceled').then(1).else(0).end()).as('countProductRequests'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('status', 'in', ['done', 'refund.pending']), eb('payWith', '=', 'price')]))
              .then(eb.ref('priceCents'))
              .else(0)
              .end(),
          )
          .as('cents'),
      ]);
    return db
      .selectFrom('branches as b')
      .leftJoin(offers.as('o'), 'o.branchId', 'b.id')
      .leftJoin(products.as('p'), 'p.branchId', 'b.id')
      .where('b.merchantId', '=', merchantId)
      .select((eb) => [
        'b.id as branchId',
        'b.branchName',
        'b.branchNameAr',
        eb.fn.coalesce('o.countRequests', sql<number>`0`).as('countRequests'),
        eb.fn.coalesce('o.points', sql<number>`0`).as('totalRequestsAmountPoints'),
        eb.fn.coalesce('p.countProductRequests', sql<number>`0`).as('countProductRequests'),
        eb.fn.coalesce('p.cents', sql<number>`0`).as('totalProductRequestsAmountCents'),
      ])
      .orderBy('b.id')
      .execute();
  },

  /**
   * The product requests created in the range that were accepted or canceled for want of
   * acceptance (`cancelReason`), with their times: the service computes the median and the share in
   * time from them (a median in SQL differs between SQLite and PostgreSQL).
   */
  acceptTimes(merchantId: number, range: InstantRange, autoCancelReason: string) {
    return db
      .selectFrom('productRequests')
      .select(['branchId', 'createdAt', 'acceptedAt', 'cancelReason'])
      .where('merchantId', '=', merchantId)
      .$if(range.from !== undefined, (q) => q.where('createdAt', '>=', range.from as string))
      .$if(range.to !== undefined, (q) => q.where('createdAt', '<', range.to as string))
      .where((eb) => eb.or([eb('acceptedAt', 'is not', null), eb('cancelReason', '=', autoCancelReason)]))
      .execute();
  },

  /** The merchant's limit to accept a new request in, minutes (null: the default). */
  async acceptLimit(merchantId: number) {
    const m = await db
      .selectFrom('merchants')
      .select('acceptWithinMinutes')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    return m?.acceptWithinMinutes ?? null;
  },

  /**
   * The branches' pauses and resumes as audited (branch.pause's `after` holds its `pausedUntil`),
   * oldest first, from `since` (a pause running into the range started before it) to the range's end.
   */
  pauseHistory(merchantId: number, since: string | undefined, to: string | undefined) {
    return db
      .selectFrom('auditLog')
      .select(['id', 'branchId', 'action', 'after', 'createdAt'])
      .where('merchantId', '=', merchantId)
      .where('entity', '=', 'branch')
      .where('action', 'in', ['branch.pause', 'branch.resume'])
      .$if(since !== undefined, (q) => q.where('createdAt', '>=', since as string))
      .$if(to !== undefined, (q) => q.where('createdAt', '<', to as string))
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  },

  /** A page of one merchant's ledger rows, newest first, and their count. */
  async ledgerPage(merchantId: number, page: { limit: number; offset: number }) {
    const mine = db
      .selectFrom('ledgerEntries')
      .where('accountType', '=', 'merchant')
      .where('accountId', '=', merchantId);
    const count = await mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await mine
      .select(['id', 'createdAt', 'delta', 'balanceAfter', 'reason', 'reference'])
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, count: Number(count.n) };
  },

  /** Customer names behind request ids of the merchant, by kind of request. */
  async customerNames(
    merchantId: number,
    kind: 'offerRequest' | 'redeem' | 'productRequest' | 'settlement',
    ids: number[],
  ): Promise<Map<number, { name: string }>> {
    if (ids.length === 0) return new Map();
    const named = (q: Promise<{ id: number; name: string }[]>) =>
      q.then((rows) => new Map(rows.map((r) => [r.id, { name: r.name }])));
    switch (kind) {
      case 'offerRequest':
        return named(
          db
            .selectFrom('offerRequests as r')
            .innerJoin('customers as c', 'c.id', 'r.userId')
            .select(['r.id', 'c.name'])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids)
            .execute(),
        );
      case 'redeem':
        return named(
          db
            .selectFrom('redeemRequests as r')
            .innerJoin('customers as c', 'c.id', 'r.userId')
            .select(['r.id', 'c.name'])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids)
            .execute(),
        );
      case 'productRequest':
        return named(
          db
            .selectFrom('productRequests as r')
            .innerJoin('customers as c', 'c.id', 'r.userId')
            .select(['r.id', 'c.name'])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids)
            .execute(),
        );
      case 'settlement':
        return named(
          db
            .selectFrom('settlements as r')
            .innerJoin('customers as c', 'c.id', 'r.userId')
            .select(['r.id', 'c.name'])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids)
            .execute(),
        );
    }
  },

  /** Package names, with their Arabic variants, behind the merchant's package purchases. */
  async packageNames(merchantId: number, ids: number[]): Promise<Map<number, { name: string; nameAr: string | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('packageRequests as pr')
      .innerJoin('packages as p', 'p.id', 'pr.packageId')
      .select(['pr.id', 'p.name', 'p.nameAr'])
      .where('pr.merchantId', '=', merchantId)
      .where('pr.id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, nameAr: r.nameAr }]));
  },
});
