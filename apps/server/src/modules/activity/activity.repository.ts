import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import { keyset } from '../../db/keyset';
import type { AuditLogTable, Database, SubjectType } from '../../db/schema';
import type { Page } from '../../lib/paging';

export interface AuditFilter {
  actor?: { type: SubjectType; id: number };
  action?: string;
  branchId?: number;
  /** ISO instants, inclusive start and exclusive end. */
  fromAt?: string;
  toAt?: string;
}

export type NewAuditRow = Omit<AuditLogTable, 'id' | 'createdAt'>;

/**
 * The only SQL of the audit trail. Append-only by construction: there is no update or delete here
 * (docs/domain.md "Audit trail"). `db` may be a transaction.
 */
export const activityRepository = (db: Kysely<Database>) => {
  const rows = (merchantId: number, f: AuditFilter) =>
    db
      .selectFrom('auditLog as a')
      .leftJoin('branches as b', 'b.id', 'a.branchId')
      .where('a.merchantId', '=', merchantId)
      .$if(f.actor !== undefined, (q) =>
        q.where('a.actorType', '=', f.actor!.type).where('a.actorId', '=', f.actor!.id),
      )
      .$if(f.action !== undefined, (q) => q.where('a.action', '=', f.action!))
      .$if(f.branchId !== undefined, (q) => q.where('a.branchId', '=', f.branchId!))
      .$if(f.fromAt !== undefined, (q) => q.where('a.createdAt', '>=', f.fromAt!))
      .$if(f.toAt !== undefined, (q) => q.where('a.createdAt', '<', f.toAt!));

  return {
    append: (row: NewAuditRow) =>
      db
        .insertInto('auditLog')
        .values({ ...row, createdAt: nowIso() })
        .execute(),

    /** The display name of an actor, as it is now (kept on the row so the log reads the same later). */
    async actorName(type: SubjectType, id: number): Promise<string> {
      if (type === 'merchant') {
        const m = await db.selectFrom('merchants').select('name').where('id', '=', id).executeTakeFirst();
        return m?.name ?? `#${id}`;
      }
      if (type === 'merchantUser') {
        const u = await db
          .selectFrom('merchantUsers')
          .select(['fName', 'lName'])
          .where('id', '=', id)
          .executeTakeFirst();
        return u ? `${u.fName} ${u.lName}`.trim() : `#${id}`;
      }
      return `#${id}`;
    },

    async list(merchantId: number, f: AuditFilter, page: Page) {
      const count = await rows(merchantId, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const found = await rows(merchantId, f)
        .selectAll('a')
        .select('b.branchName')
        .orderBy('a.createdAt', 'desc')
        .orderBy('a.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows: found, count: Number(count.n) };
    },

    /** Every row of the filter, newest first, read page by page (the CSV export). */
    walk: (merchantId: number, f: AuditFilter) =>
      keyset(rows(merchantId, f).selectAll('a').select('b.branchName'), 'a.id'),

    /** Everyone who appears in a merchant's log, for the "who" filter. */
    actors: (merchantId: number) =>
      db
        .selectFrom('auditLog')
        .select(['actorType', 'actorId'])
        .select((eb) => eb.fn.max('actorName').as('actorName'))
        .where('merchantId', '=', merchantId)
        .groupBy(['actorType', 'actorId'])
        .orderBy('actorType')
        .orderBy('actorId')
        .execute(),
  };
};

export type ActivityRepository = ReturnType<typeof activityRepository>;
export type AuditRowJoined = Awaited<ReturnType<ActivityRepository['list']>>['rows'][number];
