import { clock } from '@loyalty/contract';
import { type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import { keyset } from '../../db/keyset';
import { type Params, preparedQuery, valuesWhen } from '../../db/prepared';
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

export type NewAuditRow = Omit<AuditLogTable, 'id' | 'createdAt' | 'overrideByName'>;

/** The ids a page of the log names, by kind: what its rows are about and who or where their changes point to. */
export interface NamedIds {
  offerRequest: number[];
  redeem: number[];
  productRequest: number[];
  packageRequest: number[];
  employee: number[];
  branch: number[];
}

/** A name as it is now, with its Arabic variant where the entity has one. */
export interface CurrentName {
  name: string;
  nameAr: string | null;
}

export type AuditValues = Omit<NewAuditRow, 'actorName'> & { actorIdText: string; createdAt: string };

/** An audit row's values, the actor's name read as it is now. */
const auditColumns = (p: Params<AuditValues>, actorType: SubjectType) => ({
  merchantId: p.merchantId,
  actorType: p.actorType,
  actorId: p.actorId,
  actorRole: p.actorRole,
  actorName:
    actorType === 'merchant'
      ? sql<string>`coalesce((select m.name from merchants m where m.id = ${p.actorId}), '#' || ${p.actorIdText})`
      : actorType === 'merchantUser'
        ? sql<string>`coalesce((select trim(u.f_name || ' ' || u.l_name) from merchant_users u where u.id = ${p.actorId}), '#' || ${p.actorIdText})`
        : sql<string>`'#' || ${p.actorIdText}`,
  branchId: p.branchId,
  action: p.action,
  entity: p.entity,
  entityId: p.entityId,
  before: p.before,
  after: p.after,
  device: p.device,
  overrideById: p.overrideById,
  // the manager whose override PIN let the action through, named as they are now (issue 27)
  overrideByName: sql<string | null>`(select m.name from merchants m where m.id = ${p.overrideById})`,
  createdAt: p.createdAt,
});

/**
 * The insert of an audit row, the actor's name read in the same statement as it is now (kept on the
 * row so the log reads the same later). `qc` is the database, or a WITH that writes it beside a
 * transition's event in one statement (repositories/journal.ts); `when` (PostgreSQL, in a WITH): the
 * row only if it holds (repositories/offer-approval.ts).
 */
export const auditInsert = (
  qc: QueryCreator<Database>,
  p: Params<AuditValues>,
  actorType: SubjectType,
  when?: RawBuilder<boolean>,
) => {
  const row = auditColumns(p, actorType);
  const insert = qc.insertInto('auditLog');
  return when ? valuesWhen(insert, qc, row, when) : insert.values(row);
};

/** An audit row's values as its insert binds them. */
export const auditParams = (row: Omit<NewAuditRow, 'actorName'>): AuditValues => ({
  ...row,
  actorIdText: String(row.actorId),
  // the app's clock, like the rows it audits (a pause's audit time and its pausedUntil agree)
  createdAt: clock.nowIso(),
});

/**
 * One prepared statement per kind of actor (an audit row's actor name is read its own way): made
 * once, then picked by the row's actor type. The journal's statement (repositories/journal.ts) too.
 */
export function perActorKind<T>(make: (actorType: SubjectType) => T): (actorType: SubjectType) => T {
  const [merchant, merchantUser, other] = [make('merchant'), make('merchantUser'), make('user')];
  return (actorType) => (actorType === 'merchant' ? merchant : actorType === 'merchantUser' ? merchantUser : other);
}

/** The insert of an audit row. */
const append = perActorKind((actorType) =>
  preparedQuery((db, p: Params<AuditValues>) => auditInsert(db, p, actorType)),
);

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
    append: (row: Omit<NewAuditRow, 'actorName'>) => append(row.actorType).run(db, auditParams(row)),

    async list(merchantId: number, f: AuditFilter, page: Page) {
      const count = await rows(merchantId, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const found = await rows(merchantId, f)
        .selectAll('a')
        .select(['b.branchName', 'b.branchNameAr'])
        .orderBy('a.createdAt', 'desc')
        .orderBy('a.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows: found, count: Number(count.n) };
    },

    /** Every row of the filter, newest first, read page by page (the CSV export). */
    walk: (merchantId: number, f: AuditFilter) =>
      keyset(rows(merchantId, f).selectAll('a').select(['b.branchName', 'b.branchNameAr']), 'a.id'),

    /**
     * The names, as they are now, of what a page's rows are about (the offer of an offer request, the
     * customer of a redeem, the product of an order, the package bought, the employee, the branch), by
     * `<kind>:<id>`; only the merchant's own rows are read.
     */
    async names(merchantId: number, ids: NamedIds): Promise<Map<string, CurrentName>> {
      const found = new Map<string, CurrentName>();
      const put = (kind: keyof NamedIds, rows: { id: number; name: string; nameAr: string | null }[]) => {
        for (const r of rows) found.set(`${kind}:${r.id}`, { name: r.name, nameAr: r.nameAr || null });
      };
      if (ids.offerRequest.length > 0)
        put(
          'offerRequest',
          await db
            .selectFrom('offerRequests as r')
            .innerJoin('offers as o', 'o.id', 'r.offerId')
            .select(['r.id', 'o.title as name', 'o.titleAr as nameAr'])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids.offerRequest)
            .execute(),
        );
      if (ids.redeem.length > 0)
        put(
          'redeem',
          await db
            .selectFrom('redeemRequests as r')
            .innerJoin('customers as c', 'c.id', 'r.userId')
            .select(['r.id', 'c.name as name', sql<null>`null`.as('nameAr')])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids.redeem)
            .execute(),
        );
      if (ids.productRequest.length > 0)
        put(
          'productRequest',
          await db
            .selectFrom('productRequests as r')
            .innerJoin('products as p', 'p.id', 'r.productId')
            .select(['r.id', 'p.name as name', 'p.nameAr as nameAr'])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids.productRequest)
            .execute(),
        );
      if (ids.packageRequest.length > 0)
        put(
          'packageRequest',
          await db
            .selectFrom('packageRequests as r')
            .innerJoin('packages as p', 'p.id', 'r.packageId')
            .select(['r.id', 'p.name as name', 'p.nameAr as nameAr'])
            .where('r.merchantId', '=', merchantId)
            .where('r.id', 'in', ids.packageRequest)
            .execute(),
        );
      if (ids.employee.length > 0) {
        const people = await db
          .selectFrom('merchantUsers as u')
          .select(['u.id', 'u.fName', 'u.mName', 'u.lName'])
          .where('u.merchantId', '=', merchantId)
          .where('u.id', 'in', ids.employee)
          .execute();
        put(
          'employee',
          people.map((u) => ({
            id: u.id,
            name: [u.fName, u.mName, u.lName].filter((x) => x.trim()).join(' '),
            nameAr: null,
          })),
        );
      }
      if (ids.branch.length > 0)
        put(
          'branch',
          await db
            .selectFrom('branches as b')
            .select(['b.id', 'b.branchName as name', 'b.branchNameAr as nameAr'])
            .where('b.merchantId', '=', merchantId)
            .where('b.id', 'in', ids.branch)
            .execute(),
        );
      return found;
    },

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
