import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, MerchantUpdate } from '../../db/schema';

const countWhere = async (q: { executeTakeFirstOrThrow: () => Promise<{ n: number | string }> }) =>
  Number((await q.executeTakeFirstOrThrow()).n);

export const profileRepository = (db: Kysely<Database>) => ({
  merchant: (id: number) => db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst(),

  async merchantCounts(merchantId: number) {
    const offers = await db
      .selectFrom('offers')
      .select(['isActive', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchantId', '=', merchantId)
      .groupBy('isActive')
      .execute();
    const requests = await db
      .selectFrom('offerRequests')
      .select(['isAproved', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchantId', '=', merchantId)
      .groupBy('isAproved')
      .execute();
    const branches = await countWhere(
      db
        .selectFrom('branches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchantId', '=', merchantId),
    );
    const employees = await countWhere(
      db
        .selectFrom('merchantUsers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchantId', '=', merchantId),
    );
    const pick = <T extends { n: number }>(rows: T[], f: (r: T) => boolean) => Number(rows.find(f)?.n ?? 0);
    return {
      activeOffers: pick(offers, (r) => r.isActive === 1),
      inactiveOffers: pick(offers, (r) => r.isActive !== 1),
      approvedRequests: pick(requests, (r) => r.isAproved === 1),
      pendingRequests: pick(requests, (r) => r.isAproved !== 1),
      branches,
      employees,
    };
  },

  async pendingRequestsOfBranch(merchantId: number, branchId: number | null) {
    let q = db
      .selectFrom('offerRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchantId', '=', merchantId)
      .where('status', '=', 'pending');
    if (branchId !== null) q = q.where('branchId', '=', branchId);
    return countWhere(q);
  },

  updateMerchant: (id: number, patch: MerchantUpdate) =>
    db
      .updateTable('merchants')
      .set({ ...patch, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute(),
});
