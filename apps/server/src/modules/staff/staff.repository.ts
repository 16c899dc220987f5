import type { EmployeeRule } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, MerchantUsersTable } from '../../db/schema';

export interface StaffFilter {
  merchantId: number;
  rule?: EmployeeRule;
  branchId?: number;
  /** Active ones only. */
  active?: boolean;
}

export type StaffPatch = Partial<
  Pick<
    MerchantUsersTable,
    'fName' | 'mName' | 'lName' | 'mobileNum' | 'rule' | 'branchId' | 'isActive' | 'permissionSetId'
  >
>;

/** A new staff member's or courier's row: active, with no permission set of their own, times the insert's. */
export type StaffInsert = Omit<MerchantUsersTable, 'id' | 'createdAt' | 'updatedAt' | 'isActive' | 'permissionSetId'>;

/** A staff member's or courier's row with the name of their branch (`u` and `b`). */
const staffWithBranchQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('merchantUsers as u')
    .leftJoin('branches as b', 'b.id', 'u.branchId')
    .select([
      'u.id',
      'u.merchantId',
      'u.branchId',
      'u.fName',
      'u.mName',
      'u.lName',
      'u.mobileNum',
      'u.rule',
      'u.isActive',
      'u.permissionSetId',
      'b.branchName',
      'b.branchNameAr',
    ]);

/** Staff members and couriers (merchant_users): the only SQL of the staff module. */
export const staffRepository = (db: Kysely<Database>) => {
  const withBranch = () => staffWithBranchQuery(db);

  const filtered = (f: StaffFilter) => {
    let q = db.selectFrom('merchantUsers').where('merchantId', '=', f.merchantId);
    if (f.rule) q = q.where('rule', '=', f.rule);
    if (f.branchId !== undefined) q = q.where('branchId', '=', f.branchId);
    if (f.active) q = q.where('isActive', '=', 1);
    return q;
  };

  return {
    /** A staff member with their branch and merchant names (the profile's `merchantUser/me`). */
    withMerchant: (id: number) =>
      withBranch()
        .innerJoin('merchants as m', 'm.id', 'u.merchantId')
        .select('m.name as merchantName')
        .where('u.id', '=', id)
        .executeTakeFirst(),

    branchOf: (merchantId: number, branchId: number) =>
      db
        .selectFrom('branches')
        .select('id')
        .where('id', '=', branchId)
        .where('merchantId', '=', merchantId)
        .executeTakeFirst(),

    /** One staff member of a merchant; another merchant's id finds nothing. */
    byId: (merchantId: number, id: number) =>
      withBranch().where('u.id', '=', id).where('u.merchantId', '=', merchantId).executeTakeFirst(),

    /** Newest first, so a member just added shows among the first ones. */
    async list(f: StaffFilter, page: { limit: number; offset: number }) {
      const ids = filtered(f).select('id');
      const rows = await withBranch()
        .where('u.id', 'in', ids)
        .orderBy('u.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const total = await filtered(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, count: Number(total.n) };
    },

    async insert(v: StaffInsert) {
      const now = nowIso();
      const row = await db
        .insertInto('merchantUsers')
        .values({ ...v, isActive: 1, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    update: (merchantId: number, id: number, patch: StaffPatch) =>
      db
        .updateTable('merchantUsers')
        .set({ ...patch, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('merchantId', '=', merchantId)
        .execute(),

    // merchant_users is the staff module's table (one writer per table); auth reaches these
    // through staff-account.ts.

    setPassword: (id: number, passwordHash: string) =>
      db.updateTable('merchantUsers').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute(),

    replaceHash: (id: number, oldHash: string, passwordHash: string) =>
      db
        .updateTable('merchantUsers')
        .set({ passwordHash })
        .where('id', '=', id)
        .where('passwordHash', '=', oldHash)
        .execute(),
  };
};

export type StaffRow = NonNullable<Awaited<ReturnType<ReturnType<typeof staffRepository>['byId']>>>;
