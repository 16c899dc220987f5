import { randomInt } from 'node:crypto';
import { DEFAULTS, type MessageKey, password as passwordField } from '@loyalty/contract';
import { type Caller, type CustomerCaller, merchantOrNull } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors';
import { assertNotCommon } from '../../lib/password';
import type { AuthService } from '../auth/auth.service';

/** How long a walk-in customer's one-time code works (docs/security.md). */
export const ONE_TIME_CODE_TTL_MS = 24 * 3600 * 1000;

/** Eight random digits: easy to type on a phone, and far beyond what the sign-in delays let anyone guess in 24 hours. */
const newOneTimeCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

const verifyText = (code: string) => `Your code to confirm your mobile number is ${code}. It expires in 10 minutes.`;

/** What the customer service asks of the auth module: codes, password checks under the limits, sessions. */
type Auth = Pick<AuthService, 'codes' | 'checkSignIn' | 'customerSession' | 'markVerified'>;

/**
 * Customer accounts: self sign-up confirmed by a texted code, walk-in registration by staff
 * (limited per account and per merchant: each one sends a text), profile.
 */
export function customerService(
  { store, passwords, signInLimiter, sms }: ServiceDeps<'customers', 'passwords' | 'signInLimiter' | 'sms'>,
  auth: Auth,
) {
  const repo = store.customers;
  const { codes } = auth;

  /** A new one-time code: its hash, its end, and the SMS that carries it. */
  async function oneTimeCode(mobile: string) {
    const code = newOneTimeCode();
    return {
      passwordHash: await passwords.hash(code, 'other'),
      passwordExpiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_MS).toISOString(),
      send: () =>
        sms.send(
          mobile,
          `Your one-time password is ${code}. Sign in with your mobile number within 24 hours and choose your own password.`,
          { kind: 'walkInCode', ttlMs: ONE_TIME_CODE_TTL_MS },
        ),
    };
  }

  /**
   * A customer signing up alone: the account stays unconfirmed until the texted code comes back
   * (`verify`). A number held by an unconfirmed account (nobody proved it) is taken over: name,
   * password and currency are replaced and a new code goes to the number; whoever confirms it owns
   * the account. A confirmed number answers 409.
   */
  async function selfSignup(
    v: { name: string; mobile: string; password?: string; userCurrncy: string },
    address: string,
  ) {
    const chosen = passwordField().safeParse(v.password);
    if (!chosen.success) throw invalidField('password', chosen.error.issues[0].message as MessageKey);
    await assertNotCommon(chosen.data);
    await signInLimiter.signup(address);
    const existing = await repo.byMobile(v.mobile);
    if (existing?.verifiedAt) throw conflict('mobileTaken');
    // each sign-up texts a code: counted per address and per number before it is sent
    await signInLimiter.textFrom(address);
    await signInLimiter.textTo(v.mobile);
    const account = {
      name: v.name,
      passwordHash: await passwords.hash(chosen.data, 'signIn'),
      currency: v.userCurrncy.toUpperCase(),
    };
    let added: { id: number; name: string; mobile: string };
    if (existing) {
      if (!(await repo.reclaimUnconfirmed(existing.id, account))) throw conflict('mobileTaken');
      await codes.end({ type: 'user', id: existing.id }, 'phone_verify');
      added = { id: existing.id, name: account.name, mobile: existing.mobile };
    } else {
      try {
        added = await repo.insert({
          ...account,
          mobile: v.mobile,
          passwordExpiresAt: null,
          mustChangePassword: false,
          registeredByMerchantId: null,
          registeredBranchId: null,
        });
      } catch (err) {
        if (await repo.byMobile(v.mobile)) throw conflict('mobileTaken');
        throw err;
      }
    }
    await codes.send({ type: 'user', id: added.id }, 'phone_verify', v.mobile, verifyText);
    return added;
  }

  return {
    /**
     * Without a staff token: a customer signs up with a password of their own (limited per
     * address) and confirms the number with a texted code. With a merchant or staff token: a
     * walk-in customer; the password the app sends is ignored, a random one-time code goes to the
     * phone by SMS, valid 24 hours, and must be changed at first login (which confirms the number).
     * Once a code has expired, staff can register the customer again for a new one. Staff always
     * register at their own branch. Walk-in registrations are limited per account and per merchant.
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
      if (!staff) return selfSignup(v, address);
      let branchId: number | null = null;
      if (!staff.isOwner) {
        // staff register at their own branch; naming another one is like naming a missing one
        if (v.branchId !== undefined && v.branchId !== staff.branchId) throw notFound('branchNotFound');
        branchId = staff.branchId ?? null;
      } else if (v.branchId !== undefined) {
        if (!(await repo.branchOf(staff.merchantId, v.branchId))) throw notFound('branchNotFound');
        branchId = v.branchId;
      }

      const existing = await repo.byMobile(v.mobile);
      const expired =
        existing?.passwordExpiresAt !== null &&
        existing?.passwordExpiresAt !== undefined &&
        existing.passwordExpiresAt <= new Date().toISOString();
      if (existing && !expired) throw conflict('mobileTaken');
      // each registration texts a one-time password: counted for the account and its merchant
      await signInLimiter.walkIn(`${staff.type}:${staff.id}`, staff.merchantId);
      if (existing) {
        const renewal = await oneTimeCode(v.mobile);
        if (
          !(await repo.renewOneTimeCode(
            existing.id,
            existing.passwordExpiresAt!,
            renewal.passwordHash,
            renewal.passwordExpiresAt,
          ))
        )
          throw conflict('mobileTaken');
        await renewal.send();
        return { id: existing.id, name: existing.name, mobile: existing.mobile };
      }

      const first = await oneTimeCode(v.mobile);
      let added: { id: number; name: string; mobile: string };
      try {
        added = await repo.insert({
          name: v.name,
          mobile: v.mobile,
          passwordHash: first.passwordHash,
          passwordExpiresAt: first.passwordExpiresAt,
          currency: DEFAULTS.registrationCurrency,
          mustChangePassword: true,
          registeredByMerchantId: staff.merchantId,
          registeredBranchId: branchId,
        });
      } catch (err) {
        if (await repo.byMobile(v.mobile)) throw conflict('mobileTaken');
        throw err;
      }
      await first.send();
      return added;
    },

    /**
     * `user/verify`: the texted code (its try counted first) and the password chosen at sign-up
     * (under the sign-in limits: a code someone else's sign-up sent to this phone does not confirm
     * their password); the number is confirmed and the customer signed in.
     */
    async verify(v: { mobile: string; code: string; password: string; deviceId?: string }, address: string) {
      const customer = await repo.byMobile(v.mobile);
      const codeId = await codes.check(customer && { type: 'user', id: customer.id }, 'phone_verify', v.code);
      await auth.checkSignIn('user', v.mobile, address, v.password, { type: 'user', row: customer! });
      await codes.use(codeId);
      await auth.markVerified(customer!.id);
      return auth.customerSession(customer!, v.deviceId);
    },

    /** `user/verify/resend`: a new code for an unconfirmed self sign-up; the same answer for any number. */
    async resendCode(mobile: string, address: string) {
      await signInLimiter.textFrom(address);
      await signInLimiter.textTo(mobile);
      const c = await repo.byMobile(mobile);
      if (c && c.verifiedAt === null && c.passwordExpiresAt === null)
        await codes.send({ type: 'user', id: c.id }, 'phone_verify', mobile, verifyText);
      return { sent: true as const };
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
