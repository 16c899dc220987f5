import { DEFAULTS, type MessageKey, password as passwordField } from '@loyalty/contract';
import { type Caller, type CustomerCaller, merchantOrNull } from '../../core/caller';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors';
import type { Deps } from '../../deps';
import { hashPassword } from '../../lib/password';

/** Customer accounts: self sign-up, walk-in registration by staff, profile. */
export function customerService({ store, hashCost }: Pick<Deps, 'store' | 'hashCost'>) {
  const repo = store.customers;

  return {
    /**
     * Without a staff token: a customer signs up with a password of their own. With a merchant or
     * staff token: a walk-in customer gets the fixed default password and must change it at first
     * login; staff always register at their own branch.
     */
    async signup(
      caller: Caller | null,
      v: { name: string; mobile: string; password?: string; userCurrncy: string; branchId?: number },
    ) {
      if (caller && caller.role !== 'merchant' && caller.role !== 'merchantUser') throw forbidden();
      // a public endpoint skips the role gate, so the employer's state is checked here
      if (caller && caller.merchantStatus !== 'approved')
        throw forbidden(caller.merchantStatus === 'suspended' ? 'accountSuspended' : 'underReview');
      const staff = merchantOrNull(caller);
      const byStaff = staff !== null;
      let branchId: number | null = null;
      if (staff) {
        if (!staff.isOwner) {
          // staff register at their own branch; naming another one is like naming a missing one
          if (v.branchId !== undefined && v.branchId !== staff.branchId) throw notFound('branchNotFound');
          branchId = staff.branchId ?? null;
        } else if (v.branchId !== undefined) {
          if (!(await repo.branchOf(staff.merchantId, v.branchId))) throw notFound('branchNotFound');
          branchId = v.branchId;
        }
      } else {
        const chosen = passwordField().safeParse(v.password);
        if (!chosen.success) throw invalidField('password', chosen.error.issues[0].message as MessageKey);
      }
      if (await repo.byMobile(v.mobile)) throw conflict('mobileTaken');
      const password = byStaff ? DEFAULTS.addUserPassword : v.password!;
      try {
        return await repo.insert({
          name: v.name,
          mobile: v.mobile,
          passwordHash: await hashPassword(password, hashCost),
          currency: byStaff ? DEFAULTS.registrationCurrency : v.userCurrncy.toUpperCase(),
          mustChangePassword: byStaff,
          registeredByMerchantId: staff ? staff.merchantId : null,
          registeredBranchId: branchId,
        });
      } catch (err) {
        if (await repo.byMobile(v.mobile)) throw conflict('mobileTaken');
        throw err;
      }
    },

    async me(caller: CustomerCaller) {
      const c = await repo.byId(caller.id);
      if (!c) throw notFound();
      return {
        id: c.id,
        name: c.name,
        mobile: c.mobile,
        balance: c.balance,
        userCurrncy: c.currency,
        mustChangePassword: c.mustChangePassword === 1,
      };
    },
  };
}

export type CustomerService = ReturnType<typeof customerService>;
