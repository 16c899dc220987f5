import type { ApiParsedBody, ApiResponse, AuditAction, Language } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { notFound } from '../../core/errors';
import type { SubjectType } from '../../db/schema';
import { csvTable } from '../../lib/csv';
import { pageOf } from '../../lib/paging';
import type { AuditFilter, AuditRowJoined, CurrentName, NamedIds } from './activity.repository';

/** The start of a business day (Asia/Qatar, UTC+3 all year) as a stored instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`).toISOString();
const nextDayStart = (day: string) => new Date(new Date(`${day}T00:00:00+03:00`).getTime() + 86_400_000).toISOString();

const parse = (json: string | null): Record<string, unknown> | null => (json ? JSON.parse(json) : null);

/** The kind of name an entry's entity has (`packageRequest` is the package bought). */
const SUBJECT_KINDS: Record<string, keyof NamedIds> = {
  offerRequest: 'offerRequest',
  redeem: 'redeem',
  productRequest: 'productRequest',
  packageRequest: 'packageRequest',
  employee: 'employee',
  branch: 'branch',
};

/** The fields of a change that hold an id of a person or a branch, and the kind of name each points to. */
const ID_FIELDS: Record<string, 'employee' | 'branch'> = { employeeId: 'employee', branchId: 'branch' };

type Parsed = AuditRowJoined & {
  beforeValue: Record<string, unknown> | null;
  afterValue: Record<string, unknown> | null;
};

/** Every id a page of rows names: its rows' entities and the ids their changes point to. */
function namedIds(rows: Parsed[]): NamedIds {
  const ids: NamedIds = {
    offerRequest: [],
    redeem: [],
    productRequest: [],
    packageRequest: [],
    employee: [],
    branch: [],
  };
  const add = (kind: keyof NamedIds, id: unknown) => {
    if (typeof id === 'number' && Number.isInteger(id) && !ids[kind].includes(id)) ids[kind].push(id);
  };
  for (const r of rows) {
    const kind = SUBJECT_KINDS[r.entity];
    if (kind) add(kind, r.entityId);
    for (const change of [r.beforeValue, r.afterValue])
      for (const [field, kindOf] of Object.entries(ID_FIELDS)) add(kindOf, change?.[field]);
  }
  return ids;
}

/** The names of the ids one row's change points to. */
function namesOf(r: Parsed, found: Map<string, CurrentName>) {
  const employees: Record<string, string> = {};
  const branches: Record<string, CurrentName> = {};
  for (const change of [r.beforeValue, r.afterValue])
    for (const [field, kind] of Object.entries(ID_FIELDS)) {
      const id = change?.[field];
      const name = typeof id === 'number' ? found.get(`${kind}:${id}`) : undefined;
      if (!name) continue;
      if (kind === 'employee') employees[String(id)] = name.name;
      else branches[String(id)] = name;
    }
  return { employees, branches };
}

/** The merchant's activity log (docs/domain.md "Audit trail"): read-only; rows are written by `audit`. */
export function activityService({ store }: ServiceDeps<'activity' | 'branches' | 'staff'>) {
  /**
   * The list's filters (who, what, branch, business days) as the repository's. A filter naming a
   * branch or a person outside the caller's merchant answers 404, as every other id of someone
   * else does (DECISIONS §5), not an empty page.
   */
  async function filterOf(
    caller: MerchantCaller,
    v: ApiParsedBody<'merchant/export/activity.csv'>,
  ): Promise<AuditFilter> {
    const [type, id] = v.who ? v.who.split(':') : [];
    const actor = type ? { type: type as SubjectType, id: Number(id) } : undefined;
    if (v.branchId !== undefined && !(await store.branches.byId(caller.merchantId, v.branchId)))
      throw notFound('branchNotFound');
    if (actor?.type === 'merchant' && actor.id !== caller.merchantId) throw notFound('merchantNotFound');
    if (actor?.type === 'merchantUser' && !(await store.staff.byId(caller.merchantId, actor.id)))
      throw notFound('employeeNotFound');
    return {
      actor,
      action: v.action,
      branchId: v.branchId,
      fromAt: v.from ? dayStart(v.from) : undefined,
      toAt: v.to ? nextDayStart(v.to) : undefined,
    };
  }

  return {
    async list(
      caller: MerchantCaller,
      v: ApiParsedBody<'merchant/activity/list'>,
    ): Promise<ApiResponse<'merchant/activity/list'>> {
      const filter = await filterOf(caller, v);
      const { rows: found, count } = await store.activity.list(caller.merchantId, filter, pageOf(v));
      const rows: Parsed[] = found.map((r) => ({ ...r, beforeValue: parse(r.before), afterValue: parse(r.after) }));
      const names = await store.activity.names(caller.merchantId, namedIds(rows));
      const actors = await store.activity.actors(caller.merchantId);
      return {
        count,
        rows: rows.map((r) => ({
          id: r.id,
          action: r.action as AuditAction,
          entity: r.entity,
          entityId: r.entityId,
          actor: { type: r.actorType, id: r.actorId, role: r.actorRole, name: r.actorName },
          Branch:
            r.branchId !== null && r.branchName
              ? { id: r.branchId, branchName: r.branchName, branchNameAr: r.branchNameAr }
              : null,
          before: r.beforeValue,
          after: r.afterValue,
          device: r.device,
          override:
            r.overrideById !== null
              ? { by: 'manager' as const, id: r.overrideById, name: r.overrideByName ?? '' }
              : null,
          createdAt: r.createdAt,
          subject:
            r.entityId !== null && SUBJECT_KINDS[r.entity]
              ? (names.get(`${SUBJECT_KINDS[r.entity]}:${r.entityId}`) ?? null)
              : null,
          names: namesOf(r, names),
        })),
        actors: actors.map((a) => ({ type: a.actorType, id: a.actorId, name: String(a.actorName ?? '') })),
      };
    },

    /** The same log as CSV with the list's filters (docs/domain.md, "Exports"), streamed once they are checked. */
    exportCsv: async (caller: MerchantCaller, v: ApiParsedBody<'merchant/export/activity.csv'>, lang: Language) =>
      csvTable(lang, store.activity.walk(caller.merchantId, await filterOf(caller, v)), [
        { en: 'Entry', ar: 'القيد', value: (r) => r.id },
        { en: 'When', ar: 'الوقت', value: (r) => r.createdAt },
        { en: 'Who', ar: 'من', value: (r) => r.actorName },
        { en: 'Role', ar: 'الدور', value: (r) => r.actorRole },
        { en: 'Branch', ar: 'الفرع', value: (r) => (lang === 'ar' && r.branchNameAr ? r.branchNameAr : r.branchName) },
        { en: 'Action', ar: 'الإجراء', value: (r) => r.action },
        { en: 'Entity', ar: 'الكيان', value: (r) => r.entity },
        { en: 'Entity id', ar: 'رقم الكيان', value: (r) => r.entityId },
        { en: 'Before', ar: 'قبل', value: (r) => r.before },
        { en: 'After', ar: 'بعد', value: (r) => r.after },
        { en: 'Device', ar: 'الجهاز', value: (r) => r.device },
        // last, so that the columns before it keep the places they had before issue 27
        {
          en: 'Manager override',
          ar: 'موافقة المدير',
          value: (r) => (r.overrideById !== null ? (r.overrideByName ?? `#${r.overrideById}`) : ''),
        },
      ]),
  };
}

export type ActivityService = ReturnType<typeof activityService>;
