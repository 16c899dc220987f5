import { type ApiParsedBody, type Branch, clock, WEEKDAYS } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { flag } from '../../db/dialect';
import type { BranchRow } from '../../db/schema';
import { mapDefined } from '../../lib/optional';
import { pageOf } from '../../lib/paging';
import { audit } from '../../platform/audit/audit';
import { branchOpenState, hoursOf } from './branch-open';

export const toBranch = (b: BranchRow): Branch => {
  const state = branchOpenState(b);
  return {
    id: b.id,
    branchName: b.branchName,
    branchNameAr: b.branchNameAr,
    address: b.address,
    addressAr: b.addressAr,
    phone: b.phone,
    lat: b.lat,
    long: b.long,
    isActive: b.isActive === 1,
    createdAt: b.createdAt,
    hours: hoursOf(b.openingHours),
    pausedUntil: state.pausedUntil,
    pauseReason: state.pausedUntil ? b.pauseReason : null,
    isOpen: state.isOpen,
    opensAt: state.opensAt,
  };
};

/** A merchant's branches. Another merchant's branch id answers 404, and for staff any branch but their own. */
export function branchesService({ store }: ServiceDeps<'activity' | 'branches'>) {
  const repo = store.branches;

  async function details(caller: MerchantCaller, branchId: number): Promise<Branch> {
    const b = await repo.byId(caller.merchantId, branchId);
    if (!b || (caller.branchId !== undefined && caller.branchId !== branchId)) throw notFound('branchNotFound');
    return toBranch(b);
  }

  /** One audited change of a branch's times: the pause, or its hours. */
  async function change(
    caller: MerchantCaller,
    branchId: number,
    action: 'branch.pause' | 'branch.resume' | 'branch.hours',
    patch: { pausedUntil?: string | null; pauseReason?: string | null; openingHours?: string | null },
  ): Promise<Branch> {
    const before = await details(caller, branchId);
    await store.transaction(async (tx) => {
      await tx.branches.update(caller.merchantId, branchId, patch);
      await audit(tx, caller, {
        action,
        entity: 'branch',
        entityId: branchId,
        branchId,
        before:
          action === 'branch.hours'
            ? { hours: before.hours }
            : { pausedUntil: before.pausedUntil, pauseReason: before.pauseReason },
        after: action === 'branch.hours' ? { hours: hoursOf(patch.openingHours ?? null) } : patch,
      });
    });
    return details(caller, branchId);
  }

  return {
    async list(caller: MerchantCaller, body: ApiParsedBody<'merchant/branch/list'>) {
      const { rows, count } = await repo.list(caller.merchantId, pageOf(body));
      return { rows: rows.map(toBranch), count };
    },

    details,

    /** Closed for `minutes` from now; it ends by itself (nothing runs: the end time is compared when read). */
    pause: (caller: MerchantCaller, v: ApiParsedBody<'merchant/branch/pause'>) =>
      change(caller, v.branchId, 'branch.pause', {
        pausedUntil: new Date(clock.now().getTime() + v.minutes * 60_000).toISOString(),
        pauseReason: v.reason,
      }),

    resume: (caller: MerchantCaller, branchId: number) =>
      change(caller, branchId, 'branch.resume', { pausedUntil: null, pauseReason: null }),

    /**
     * The week's hours (blank or `closed`: closed that day) and closed dates, replacing the previous
     * ones; every day blank and no closed date clears them (no hours: open at any time).
     */
    hours: (caller: MerchantCaller, v: ApiParsedBody<'merchant/branch/hours'>) => {
      const days = Object.fromEntries(WEEKDAYS.map((d) => [d, v[d] && v[d] !== 'closed' ? v[d] : null]));
      const closedDates = [...new Set(v.closedDates ?? [])].sort();
      const none = WEEKDAYS.every((d) => !v[d]) && closedDates.length === 0;
      return change(caller, v.branchId, 'branch.hours', {
        openingHours: none ? null : JSON.stringify({ ...days, closedDates }),
      });
    },

    async add(caller: MerchantCaller, v: ApiParsedBody<'merchant/addBranch'>) {
      const row = await store.transaction(async (tx) => {
        const row = await tx.branches.insert({
          merchantId: caller.merchantId,
          branchName: v.branchName,
          branchNameAr: v.branchNameAr ?? null,
          phone: v.phone,
          address: v.address,
          addressAr: v.addressAr,
          lat: v.lat ?? null,
          long: v.long ?? null,
          isActive: 1,
        });
        await audit(tx, caller, {
          action: 'branch.add',
          entity: 'branch',
          entityId: row.id,
          branchId: row.id,
          after: { branchName: v.branchName, branchNameAr: v.branchNameAr ?? null, phone: v.phone, address: v.address },
        });
        return row;
      });
      return toBranch(row);
    },

    /** Fields left empty keep their current values (SPEC §5). */
    async update(caller: MerchantCaller, v: ApiParsedBody<'merchant/updateBranch'>) {
      const before = await details(caller, v.branchId);
      const { branchId, isActive, ...fields } = v;
      const patch = { ...fields, isActive: mapDefined(isActive, flag) };
      await store.transaction(async (tx) => {
        await tx.branches.update(caller.merchantId, branchId, patch);
        const changed = Object.fromEntries(Object.entries(patch).filter(([, x]) => x !== undefined));
        await audit(tx, caller, {
          action: 'branch.update',
          entity: 'branch',
          entityId: branchId,
          branchId,
          before: Object.fromEntries(
            Object.keys(changed).map((k) => [k, (before as unknown as Record<string, unknown>)[k] ?? null]),
          ),
          after: changed,
        });
      });
      return details(caller, v.branchId);
    },
  };
}

export type BranchesService = ReturnType<typeof branchesService>;
