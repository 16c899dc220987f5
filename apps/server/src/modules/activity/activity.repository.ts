import { type Kysely, type RawBuilder, sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import { keyset } from '../../db/keyset';
import { type Params, preparedQuery } from '../../db/prepared';
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

type AuditValues = Omit<NewAuditRow, 'actorName'> & { actorIdText: string; createdAt: string };
/** The insert of an audit row, the actor's name read in the same statement (built once per kind of actor). */
const appendAs = (actorName: (p: Params<AuditValues>) => RawBuilder<string>) =>
  preparedQuery((db, p: Params<AuditValues>) =>
    db.insertInto('auditLog').values({
      merchantId: p.merchantId,
      actorType: p.actorType,
      actorId: p.actorId,
      actorRole: p.actorRole,
      actorName: actorName(p),
      branchId: p.branchId,
      action: p.action,
      entity: p.entity,
      entityId: p.entityId,
      before: p.before,
      after: p.after,
      device: p.device,
      createdAt: p.createdAt,
    }),
  );
const byMerchant = appendAs(
  (p) => sql<string>`coalesce((select m.name from merchants m where m.id = ${p.actorId}), '#' || ${p.actorIdText})`,
);
const byStaff = appendAs(
  (p) =>
    sql<string>`coalesce((select trim(u.f_name || ' ' || u.l_name) from merchant_users u where u.id = ${p.actorId}), '#' || ${p.actorIdText})`,
);
const byOther = appendAs((p) => sql<string>`'#' || ${p.actorIdText}`);

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
    /**
     * Appends a row, with the actor's display name as it is now (kept on the row so the log reads
     * the same later), in one statement.
     */
    append: (row: Omit<NewAuditRow, 'actorName'>) =>
      (row.actorType === 'merchant' ? byMerchant : row.actorType === 'merchantUser' ? byStaff : byOther).run(db, {
        ...row,
        actorIdText: String(row.actorId),
        createdAt: nowIso(),
      }),

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
