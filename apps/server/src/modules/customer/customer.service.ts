import { randomInt } from 'node:crypto';
import { DEFAULTS, type MessageKey, password as passwordField } from '@loyalty/contract';
import { type Caller, type CustomerCaller, merchantOrNull } from '../../core/caller';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors';
import type { Deps } from '../../deps';
import { assertNotCommon } from '../../lib/password';

/** How long a walk-in customer's one-time code works (docs/security.md). */
export const ONE_TIME_CODE_TTL_MS = 24 * 3600 * 1000;

/** Eight random digits: easy to type on a phone, and far beyond what the sign-in delays let anyone guess in 24 hours. */
const newOneTimeCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/** Customer accounts: self sign-up, walk-in registration by staff, profile. */
export function customerService({
  store,
  passwords,
  signInLimiter,
  sms,
}: Pick<Deps, 'store' | 'passwords' | 'signInLimiter' | 'sms'>) {
  const repo = store.customers;

  /** A new one-time code: its hash, its end, and the SMS that carries it. */
  async function oneTimeCode(mobile: string) {
    const code = newOneTimeCode();
    return {
      passwordHash: await passwords.hash(code),
      passwordExpiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_MS).toISOString(),
      send: () =>
        sms.send(
          mobile,
          `Your one-time password is ${code}. Sign in with your mobile number within 24 hours and choose your own password.`,
        ),
    };
  }

  return {
    /**
     * Without a staff token: a customer signs up with a password of their own (limited per
     * address). With a merchant or staff token: a walk-in customer; the password the app sends is
     * ignored, a random one-time code goes to the phone by SMS, valid 24 hours, and must be changed
     * at first login. Once a code has expired, staff can register the customer again for a new one.
     * Staff always register at their own branch.
     */
    async signup(
      caller: Caller | null,
      v: { name: string; mobile: string; password?: string; userCurrncy: string; branchId?: number },
      address: string,
    ) {
      if (caller && caller.role !== 'merchant' && caller.role !== 'merchantUser') throw forbidden();
      // a public endpoint skips the role gate, so the employer's state is checked here
      if (caller && caller.merchantStatus !== 'approved')
        throw forbidden(caller.merchantStatus === 'suspended' ? 'accountSuspended' : 'underReview');
      const staff = merchantOrNull(caller);
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
        await assertNotCommon(chosen.data);
        await signInLimiter.signup(address);
      }

      const existing = await repo.byMobile(v.mobile);
      if (existing) {
        const expired = existing.passwordExpiresAt !== null && existing.passwordExpiresAt <= new Date().toISOString();
        if (!staff || !expired || existing.passwordExpiresAt === null) throw conflict('mobileTaken');
        const renewal = await oneTimeCode(v.mobile);
        if (
          !(await repo.renewOneTimeCode(
            existing.id,
            existing.passwordExpiresAt,
            renewal.passwordHash,
            renewal.passwordExpiresAt,
          ))
        )
          throw conflict('mobileTaken');
        await renewal.send();
        return { id: existing.id, name: existing.name, mobile: existing.mobile };
      }

      const first = staff ? await oneTimeCode(v.mobile) : undefined;
      let added: { id: number; name: string; mobile: string };
      try {
        added = await repo.insert({
          name: v.name,
          mobile: v.mobile,
          passwordHash: first ? first.passwordHash : await passwords.hash(v.password!),
          passwordExpiresAt: first ? first.passwordExpiresAt : null,
          currency: staff ? DEFAULTS.registrationCurrency : v.userCurrncy.toUpperCase(),
          mustChangePassword: staff !== null,
          registeredByMerchantId: staff ? staff.merchantId : null,
          registeredBranchId: branchId,
        });
      } catch (err) {
        if (await repo.byMobile(v.mobile)) throw conflict('mobileTaken');
        throw err;
      }
      await first?.send();
      return added;
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
