import type { ApiParsedBody, Branch } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import { notFound } from '../../core/errors';
import { flag } from '../../db/dialect';
import type { BranchRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { mapDefined } from '../../lib/optional';
import { pageOf } from '../../lib/paging';

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
      const row = await repo.insert({
        merchantId: caller.merchantId,
        branchName: v.branchName,
        phone: v.phone,
        address: v.address,
        addressAr: v.addressAr,
        lat: v.lat ?? null,
        long: v.long ?? null,
        isActive: 1,
      });
      return toBranch(row);
    },

    /** Fields left empty keep their current values (SPEC §5). */
    async update(caller: MerchantCaller, v: ApiParsedBody<'merchant/updateBranch'>) {
      await details(caller, v.branchId);
      const { branchId, isActive, ...fields } = v;
      await repo.update(caller.merchantId, branchId, { ...fields, isActive: mapDefined(isActive, flag) });
      return details(caller, v.branchId);
    },
  };
}

export type BranchesService = ReturnType<typeof branchesService>;
