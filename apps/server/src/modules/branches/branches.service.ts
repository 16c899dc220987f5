import type { ApiParsedBody, Branch } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import { notFound } from '../../core/errors';
import { flag } from '../../db/dialect';
import type { BranchRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { mapDefined } from '../../lib/optional';
import { pageOf } from '../../lib/paging';
import { audit } from '../activity/audit';

export const toBranch = (b: BranchRow): Branch => ({
  id: b.id,
  branchName: b.branchName,
  address: b.address,
  addressAr: b.addressAr,
  phone: b.phone,
  lat: b.lat,
  long: b.long,
  isActive: b.isActive === 1,
  createdAt: b.createdAt,
});

/** A merchant's branches. Another merchant's branch id answers 404. */
export function branchesService({ store }: Pick<Deps, 'store'>) {
  const repo = store.branches;

  async function details(caller: MerchantCaller, branchId: number): Promise<Branch> {
    const b = await repo.byId(caller.merchantId, branchId);
    if (!b) throw notFound('branchNotFound');
    return toBranch(b);
  }

  return {
    async list(caller: MerchantCaller, body: ApiParsedBody<'merchant/branch/list'>) {
      const { rows, count } = await repo.list(caller.merchantId, pageOf(body));
      return { rows: rows.map(toBranch), count };
    },

    details,

    async add(caller: MerchantCaller, v: ApiParsedBody<'merchant/addBranch'>) {
      const row = await store.transaction(async (tx) => {
        const row = await tx.branches.insert({
          merchantId: caller.merchantId,
          branchName: v.branchName,
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
          after: { branchName: v.branchName, phone: v.phone, address: v.address },
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
