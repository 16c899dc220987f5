import type { MerchantStatus } from '@loyalty/contract';
import type { Insertable, Kysely, QueryCreator } from 'kysely';
import { nowIso } from '../../db/dialect';
import { countListed } from '../../db/list-counts';
import { type Params, preparedQuery } from '../../db/prepared';
import { type Database, MERCHANT_COLUMNS, type MerchantsTable, type MerchantUpdate } from '../../db/schema';

/** The merchant's staff, counted (also read with its other counts: repositories/merchant-home.ts). */
export const staffCountQuery = (qc: QueryCreator<Database>, merchantId: number) =>
  qc
    .selectFrom('merchantUsers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchantId', '=', merchantId);
/** The merchant's account row. */
export const merchantRowQuery = (qc: QueryCreator<Database>, id: number) =>
  qc.selectFrom('merchants').select(MERCHANT_COLUMNS).where('id', '=', id);

const merchantById = preparedQuery((db, p: Params<{ id: number }>) => merchantRowQuery(db, p.id));

export const profileRepository = (db: Kysely<Database>) => ({
  merchant: (id: number) => merchantById.first(db, { id }),

  /** Pending offer requests of a staff member's branch (the merchant's when the branch is unset). */
  pendingRequestsOfBranch: (merchantId: number, branchId: number | null) =>
    countListed(db, 'offer_requests', { merchantId, branchId: branchId ?? undefined }, 'pending'),

  /** Redeem requests waiting for approval: the merchant's (branchId undefined) or a branch's (null: none). */
  pendingRedeems: (merchantId: number, branchId?: number | null) =>
    countListed(db, 'redeem_requests', { merchantId, branchId }, 'pending'),

  updateMerchant: (id: number, patch: MerchantUpdate) =>
    db
      .updateTable('merchants')
      .set({ ...patch, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute(),

  // The merchants table is the profile module's (one writer per table); other modules reach these
  // through merchant-account.ts.

  async insertMerchant(v: NewMerchant) {
    const now = nowIso();
    const row = await db
      .insertInto('merchants')
      .values({ ...v, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  setPassword: (id: number, passwordHash: string) =>
    db.updateTable('merchants').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute(),

  replaceHash: (id: number, oldHash: string, passwordHash: string) =>
    db
      .updateTable('merchants')
      .set({ passwordHash })
      .where('id', '=', id)
      .where('passwordHash', '=', oldHash)
      .execute(),

  setStatus: (id: number, status: MerchantStatus, isLive?: number) =>
    db
      .updateTable('merchants')
      .set({ status, ...(isLive !== undefined && { isLive }), updatedAt: nowIso() })
      .where('id', '=', id)
      .execute(),

  /** Conditionally moves a merchant from one status to another; true when this call moved it. */
  async moveStatus(id: number, from: MerchantStatus, to: MerchantStatus, at: string) {
    const res = await db
      .updateTable('merchants')
      .set({ status: to, updatedAt: at })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
});

/** A new merchant's row (its times are the insert's). */
export type NewMerchant = Omit<Insertable<MerchantsTable>, 'id' | 'createdAt' | 'updatedAt'>;
