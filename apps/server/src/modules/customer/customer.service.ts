import { DEFAULTS } from '@loyalty/contract';
import type { Deps } from '../../deps';
import type { Caller } from '../../http/context';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { customerRepository } from './customer.repository';

/** Customer accounts: self sign-up, walk-in registration by staff, profile. */
export function customerService(deps: Deps) {
  const repo = customerRepository(deps.db);

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
      const byStaff = caller !== null && (caller.role === 'merchant' || caller.role === 'merchantUser');
      if (caller && caller.role === 'delivery') throw forbidden();
      // a public endpoint skips the role gate, so the employer's state is checked here
      if (byStaff && caller.merchantStatus !== 'approved')
        throw forbidden(caller.merchantStatus === 'suspended' ? 'accountSuspended' : 'underReview');
      let branchId: number | null = null;
      if (byStaff) {
        if (caller.role === 'merchantUser') branchId = caller.branchId;
        else if (v.branchId !== undefined) {
          if (!(await repo.branchOf(caller.merchantId!, v.branchId))) throw notFound('branchNotFound');
          branchId = v.branchId;
        }
      } else if (v.password === undefined) {
        throw invalidField('password', 'passwordRequired');
      }
      if (await repo.byMobile(v.mobile)) throw conflict('mobileTaken');
      const password = byStaff ? DEFAULTS.addUserPassword : v.password!;
      try {
        return await repo.insert({
          name: v.name,
          mobile: v.mobile,
          passwordHash: await hashPassword(password, deps.hashCost),
          currency: byStaff ? DEFAULTS.registrationCurrency : v.userCurrncy.toUpperCase(),
          mustChangePassword: byStaff,
          registeredByMerchantId: byStaff ? caller.merchantId : null,
          registeredBranchId: branchId,
        });
      } catch (err) {
        if (await repo.byMobile(v.mobile)) throw conflict('mobileTaken');
        throw err;
      }
    },

    async me(caller: Caller) {
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
