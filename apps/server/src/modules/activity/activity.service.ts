import type { ApiParsedBody, ApiResponse, AuditAction, Language } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { SubjectType } from '../../db/schema';
import type { Deps } from '../../deps';
import { csvTable } from '../../lib/csv';
import { pageOf } from '../../lib/paging';
import type { AuditFilter } from './activity.repository';

/** The start of a business day (Asia/Qatar, UTC+3 all year) as a stored instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`).toISOString();
const nextDayStart = (day: string) => new Date(new Date(`${day}T00:00:00+03:00`).getTime() + 86_400_000).toISOString();

const parse = (json: string | null): Record<string, unknown> | null => (json ? JSON.parse(json) : null);

/** The merchant's activity log (docs/domain.md "Audit trail"): read-only; rows are written by `audit`. */
/** The list's filters (who, what, branch, business days) as the repository's. */
function filterOf(v: ApiParsedBody<'merchant/export/activity.csv'>): AuditFilter {
  const [type, id] = v.who ? v.who.split(':') : [];
  return {
    actor: type ? { type: type as SubjectType, id: Number(id) } : undefined,
    action: v.action,
    branchId: v.branchId,
    fromAt: v.from ? dayStart(v.from) : undefined,
    toAt: v.to ? nextDayStart(v.to) : undefined,
  };
}

export function activityService({ store }: Pick<Deps, 'store'>) {
  return {
    async list(
      caller: MerchantCaller,
      v: ApiParsedBody<'merchant/activity/list'>,
    ): Promise<ApiResponse<'merchant/activity/list'>> {
      const filter = filterOf(v);
      const { rows, count } = await store.activity.list(caller.merchantId, filter, pageOf(v));
      const actors = await store.activity.actors(caller.merchantId);
      return {
        count,
        rows: rows.map((r) => ({
          id: r.id,
          action: r.action as AuditAction,
          entity: r.entity,
          entityId: r.entityId,
          actor: { type: r.actorType, id: r.actorId, role: r.actorRole, name: r.actorName },
          Branch: r.branchId !== null && r.branchName ? { id: r.branchId, branchName: r.branchName } : null,
          before: parse(r.before),
          after: parse(r.after),
          device: r.device,
          createdAt: r.createdAt,
        })),
        actors: actors.map((a) => ({ type: a.actorType, id: a.actorId, name: String(a.actorName ?? '') })),
      };
    },

    /** The same log as CSV with the list's filters (docs/domain.md, "Exports"), streamed. */
    exportCsv: (caller: MerchantCaller, v: ApiParsedBody<'merchant/export/activity.csv'>, lang: Language) =>
      csvTable(lang, store.activity.walk(caller.merchantId, filterOf(v)), [
        { en: 'Entry', ar: 'القيد', value: (r) => r.id },
        { en: 'When', ar: 'الوقت', value: (r) => r.createdAt },
        { en: 'Who', ar: 'من', value: (r) => r.actorName },
        { en: 'Role', ar: 'الدور', value: (r) => r.actorRole },
        { en: 'Branch', ar: 'الفرع', value: (r) => r.branchName },
        { en: 'Action', ar: 'الإجراء', value: (r) => r.action },
        { en: 'Entity', ar: 'الكيان', value: (r) => r.entity },
        { en: 'Entity id', ar: 'رقم الكيان', value: (r) => r.entityId },
        { en: 'Before', ar: 'قبل', value: (r) => r.before },
        { en: 'After', ar: 'بعد', value: (r) => r.after },
        { en: 'Device', ar: 'الجهاز', value: (r) => r.device },
      ]),
  };
}

export type ActivityService = ReturnType<typeof activityService>;
