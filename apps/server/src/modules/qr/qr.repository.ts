import type { QrKind } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a signed code names: the request's merchant, branch, customer and whether it is still open. */
export interface QrTarget {
  merchantId: number;
  branchId: number;
  userId: number;
  /** Still waiting at the counter: a pending offer request, an unapproved redeem, a pending product request. */
  open: boolean;
}

/** Reads the request a code names (docs/domain.md, "Signed request codes"). */
export const qrRepository = (db: Kysely<Database>) => ({
  async target(kind: QrKind, id: number): Promise<QrTarget | undefined> {
    if (kind === 'offer') {
      const r = await db
        .selectFrom('offerRequests')
        .select(['merchantId', 'branchId', 'userId', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { merchantId: r.merchantId, branchId: r.branchId, userId: r.userId, open: r.status === 'pending' };
    }
    if (kind === 'redeem') {
      const r = await db
        .selectFrom('redeemRequests')
        .select(['merchantId', 'branchId', 'userId', 'isApproved'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { merchantId: r.merchantId, branchId: r.branchId, userId: r.userId, open: r.isApproved !== 1 };
    }
    const r = await db
      .selectFrom('productRequests')
      .select(['merchantId', 'branchId', 'userId', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r && { merchantId: r.merchantId, branchId: r.branchId, userId: r.userId, open: r.status === 'pending' };
  },
});

export type QrRepository = ReturnType<typeof qrRepository>;
