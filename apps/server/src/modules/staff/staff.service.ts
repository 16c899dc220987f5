import type { ApiParsedBody, Employee } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflictOn, notFound } from '../../core/errors';
import { pageOf } from '../../lib/paging';
import { audit } from '../../platform/audit/audit';
import type { PermissionsService } from '../permissions/permissions.service';
import type { ProductRequestsService } from '../product-requests/product-requests.service';
import type { StaffPatch, StaffRow } from './staff.repository';

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

const toEmployee = (r: StaffRow): Employee => ({
  id: r.id,
  name: fullName(r),
  branchId: r.branchId,
  Branch:
    r.branchId !== null && r.branchName
      ? { id: r.branchId, branchName: r.branchName, branchNameAr: r.branchNameAr }
      : null,
  merchantUser: {
    id: r.id,
    rule: r.rule,
    mobileNum: r.mobileNum,
    isActive: r.isActive === 1,
    fName: r.fName,
    mName: r.mName,
    lName: r.lName,
  },
  permissionSetId: r.permissionSetId,
});

/**
 * A merchant's staff members (rule merchantUser) and couriers (rule delivery). Every query is
 * scoped to the caller's merchant: another merchant's employee or branch answers 404.
 */
export function staffService(
  { store, passwords }: ServiceDeps<'accounts' | 'activity' | 'staff', 'passwords'>,
  productRequests: Pick<ProductRequestsService, 'assignmentsOf'>,
  permissionSets: Pick<PermissionsService, 'assertSet' | 'nameOf'>,
) {
  const { staff: repo, accounts } = store;

  async function assertBranch(merchantId: number, branchId: number) {
    if (!(await repo.branchOf(merchantId, branchId))) throw notFound('branchNotFound');
  }

  async function load(merchantId: number, id: number) {
    const row = await repo.byId(merchantId, id);
    if (!row) throw notFound('employeeNotFound');
    return row;
  }

  /** The mobile is a login: unique among merchants and staff. A race lost on the unique index is the same 409. */
  async function guardMobile<T>(mobile: string, except: number | undefined, write: () => Promise<T>): Promise<T> {
    const exceptAccount = except === undefined ? undefined : { type: 'merchantUser' as const, id: except };
    if (await accounts.loginMobileTaken(mobile, exceptAccount)) throw conflictOn('mobileNum', 'mobileTaken');
    try {
      return await write();
    } catch (err) {
      if (await accounts.loginMobileTaken(mobile, exceptAccount)) throw conflictOn('mobileNum', 'mobileTaken');
      throw err;
    }
  }

  return {
    async add(caller: MerchantCaller, v: ApiParsedBody<'merchant/addEmployee'>): Promise<Employee> {
      const merchantId = caller.merchantId;
      // the spec's payload names the owner; another merchant's id is as unknown as a missing one
      if (v.ownerId !== undefined && v.ownerId !== merchantId) throw notFound('merchantNotFound');
      await assertBranch(merchantId, v.branchId);
      // a common password is refused (docs/security.md); hashing waits its turn in the bounded queue
      const passwordHash = await passwords.hashNew(v.password);
      const id = await guardMobile(v.mobileNum, undefined, () =>
        store.transaction(async (tx) => {
          const id = await tx.staff.insert({
            merchantId,
            branchId: v.branchId,
            fName: v.fName,
            mName: v.mName,
            lName: v.lName,
            mobileNum: v.mobileNum,
            passwordHash,
            rule: v.rule,
          });
          await audit(tx, caller, {
            action: 'employee.add',
            entity: 'employee',
            entityId: id,
            branchId: v.branchId,
            after: { fName: v.fName, lName: v.lName, mobileNum: v.mobileNum, rule: v.rule, branchId: v.branchId },
          });
          return id;
        }),
      );
      return toEmployee(await load(merchantId, id));
    },

    async list(caller: MerchantCaller, v: ApiParsedBody<'merchant/user/list'>) {
      const merchantId = caller.merchantId;
      if (v.branchId !== undefined) await assertBranch(merchantId, v.branchId);
      const { rows, count } = await repo.list({ merchantId, rule: v.rule, branchId: v.branchId }, pageOf(v));
      return { rows: rows.map(toEmployee), count };
    },

    /** Staff assigning a delivery (issue 27): their own branch's active couriers (none without a branch). */
    async couriersOfBranch(caller: MerchantCaller, v: { pageNum?: number; limit?: number }) {
      if (typeof caller.branchId !== 'number') return { rows: [], count: 0 };
      const { rows, count } = await repo.list(
        { merchantId: caller.merchantId, rule: 'delivery', branchId: caller.branchId, active: true },
        pageOf(v),
      );
      return { rows: rows.map(toEmployee), count };
    },

    /** The employee with the product requests assigned to them (a courier's deliveries, newest first). */
    async details(caller: MerchantCaller, merchantUserId: number) {
      const e = toEmployee(await load(caller.merchantId, merchantUserId));
      const ProductRequests = await productRequests.assignmentsOf(caller.merchantId, e.id);
      return { ...e, merchantUser: { ...e.merchantUser, ProductRequests } };
    },

    /**
     * Blank fields keep their values. Changing who or where someone is (rule, branch, mobile) or
     * deactivating them ends their sessions, so the next call signs in again with the new role.
     */
    async update(caller: MerchantCaller, v: ApiParsedBody<'merchant/employees/update'>): Promise<Employee> {
      const merchantId = caller.merchantId;
      const current = await load(merchantId, v.userId);
      if (v.branchId !== undefined) await assertBranch(merchantId, v.branchId);
      const patch: StaffPatch = {};
      if (v.fName !== undefined) patch.fName = v.fName;
      if (v.mName !== undefined) patch.mName = v.mName;
      if (v.lName !== undefined) patch.lName = v.lName;
      if (v.mobileNum !== undefined && v.mobileNum !== current.mobileNum) patch.mobileNum = v.mobileNum;
      if (v.rule !== undefined && v.rule !== current.rule) patch.rule = v.rule;
      if (v.branchId !== undefined && v.branchId !== current.branchId) patch.branchId = v.branchId;
      if (v.isActive !== undefined && (v.isActive ? 1 : 0) !== current.isActive) patch.isActive = v.isActive ? 1 : 0;
      // the audit names the sets (null: the standard one), as a merchant reads them, not their ids
      let setNames: { before: string | null; after: string | null } | undefined;
      if (v.permissionSetId !== undefined && v.permissionSetId !== current.permissionSetId) {
        const after = v.permissionSetId === null ? null : await permissionSets.assertSet(merchantId, v.permissionSetId);
        setNames = { before: await permissionSets.nameOf(merchantId, current.permissionSetId), after };
        patch.permissionSetId = v.permissionSetId;
      }
      if (Object.keys(patch).length === 0) return toEmployee(current);
      const write = () =>
        store.transaction(async (tx) => {
          await tx.staff.update(merchantId, current.id, patch);
          await audit(tx, caller, {
            action: 'employee.update',
            entity: 'employee',
            entityId: current.id,
            branchId: patch.branchId ?? current.branchId,
            ...namedChange(
              Object.fromEntries(Object.keys(patch).map((k) => [k, current[k as keyof typeof patch]])),
              { ...patch },
              setNames,
            ),
          });
        });
      if (patch.mobileNum !== undefined) await guardMobile(patch.mobileNum, current.id, write);
      else await write();
      const moved = patch.rule !== undefined || patch.branchId !== undefined || patch.mobileNum !== undefined;
      if (moved || patch.isActive === 0) await accounts.revokeSessionsOf('merchantUser', current.id);
      return toEmployee(await load(merchantId, current.id));
    },
  };
}

/** An employee update's audit change, the permission set by its name (`permissionSet`) instead of its id. */
function namedChange(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  setNames: { before: string | null; after: string | null } | undefined,
) {
  if (!setNames) return { before, after };
  const { permissionSetId: _b, ...restBefore } = before;
  const { permissionSetId: _a, ...restAfter } = after;
  return {
    before: { ...restBefore, permissionSet: setNames.before },
    after: { ...restAfter, permissionSet: setNames.after },
  };
}

export type StaffService = ReturnType<typeof staffService>;
