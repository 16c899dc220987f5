import type { RedeemStatus } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import type { Actor, TenantScope } from '../../core/caller';
import { nowIso } from '../../db/dialect';
import { countListed } from '../../db/list-counts';
import type { Database, RedeemRequestsTable } from '../../db/schema';

/** The only SQL of redeem requests. `db` may be a transaction. */
export const redeemsRepository = (db: Kysely<Database>) => {
  /** A merchant's (or branch's) redeem requests, or with `userId` a customer's own; by derived status. */
  const rows = (scope: TenantScope | { userId: number }, status?: RedeemStatus) =>
    db
      .selectFrom('redeemRequests as r')
      .innerJoin('customers as c', 'c.id', 'r.userId')
      .innerJoin('branches as b', 'b.id', 'r.branchId')
      .innerJoin('merchants as m', 'm.id', 'r.merchantId')
      .$if('userId' in scope, (q) => q.where('r.userId', '=', (scope as { userId: number }).userId))
      .$if('merchantId' in scope, (q) => q.where('r.merchantId', '=', (scope as TenantScope).merchantId))
      .$if('merchantId' in scope && (scope as TenantScope).branchId !== undefined, (q) =>
        q.where('r.branchId', '=', (scope as TenantScope).branchId ?? -1),
      )
      .$if(status === 'approved', (q) => q.where('r.isApproved', '=', 1))
      .$if(status === 'rejected', (q) => q.where('r.rejectedAt', 'is not', null))
      .$if(status === 'pending', (q) => q.where('r.isApproved', '=', 0).where('r.rejectedAt', 'is', null));

  const withColumns = (q: ReturnType<typeof rows>) =>
    q.select([
      'r.id',
      'r.merchantId',
      'r.branchId',
      'r.userId',
      'r.amount',
      'r.isApproved',
      'r.rejectReason',
      'r.rejectedAt',
      'r.createdAt',
      'r.updatedAt',
      'c.name as userName',
      'c.mobile as userMobile',
      'm.name as merchantName',
      'b.branchName',
      'b.branchNameAr',
    ]);

  return {
    async list(
      scope: TenantScope | { userId: number },
      status: RedeemStatus | undefined,
      page: { limit: number; offset: number },
    ) {
      // a merchant's (or branch's) count from the counters the triggers keep (db/list-counts.ts)
      const count =
        'merchantId' in scope
          ? { n: await countListed(db, 'redeem_requests', scope, status) }
          : await rows(scope, status)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow();
      const found = await withColumns(rows(scope, status))
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows: found, count: Number(count.n) };
    },

    byId: (scope: TenantScope, id: number) => withColumns(rows(scope)).where('r.id', '=', id).executeTakeFirst(),

    merchant: (id: number) =>
      db.selectFrom('merchants').select(['id', 'status', 'isLive']).where('id', '=', id).executeTakeFirst(),

    branchOf: (merchantId: number, branchId: number) =>
      db
        .selectFrom('branches')
        .select(['id', 'isActive'])
        .where('id', '=', branchId)
        .where('merchantId', '=', merchantId)
        .executeTakeFirst(),

    customerBalance: async (userId: number) =>
      (await db.selectFrom('customers').select('balance').where('id', '=', userId).executeTakeFirst())?.balance ?? 0,

    insert: (v: Pick<RedeemRequestsTable, 'merchantId' | 'branchId' | 'userId' | 'amount'>) => {
      const now = nowIso();
      return db
        .insertInto('redeemRequests')
        .values({
          ...v,
          isApproved: 0,
          approvedByType: null,
          approvedById: null,
          approvedAt: null,
          rejectReason: null,
          rejectedAt: null,
          rejectedByType: null,
          rejectedById: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** not approved → approved, only if not yet approved; true when this call made the change. */
    async markApproved(
      id: number,
      approver: Pick<RedeemRequestsTable, 'approvedByType' | 'approvedById' | 'approvedAt'>,
    ) {
      const res = await db
        .updateTable('redeemRequests')
        .set({ ...approver, isApproved: 1, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('isApproved', '=', 0)
        .where('rejectedAt', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** pending → rejected with a reason, only if neither approved nor rejected; true when this call made the change. */
    async reject(id: number, reason: string, by: Actor) {
      const now = nowIso();
      const res = await db
        .updateTable('redeemRequests')
        .set({ rejectReason: reason, rejectedAt: now, rejectedByType: by.type, rejectedById: by.id, updatedAt: now })
        .where('id', '=', id)
        .where('isApproved', '=', 0)
        .where('rejectedAt', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
};

export type RedeemJoined = NonNullable<Awaited<ReturnType<ReturnType<typeof redeemsRepository>['byId']>>>;
