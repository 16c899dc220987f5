import type { SessionResponse } from '@loyalty/contract';
import type { Caller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { AppError, conflict, forbidden } from '../../core/errors';
import type { Customer, Merchant, MerchantUser, SubjectType } from '../../db/schema';
import { assertNotCommon } from '../../lib/password';
import { markCustomerVerified } from '../customer/customer-account';
import { insertMerchant } from '../profile/merchant-account';
import type { PushService } from '../push/push.service';
import { setPassword } from './account-passwords';
import { type CodeSubject, codeBook } from './codes';
import { credentials, type LimiterScope } from './credentials';
import { sessionKeeper } from './sessions';

type Account = { type: 'merchant'; row: Merchant } | { type: 'merchantUser'; row: MerchantUser };

/** What sign-in and sign-out tell the push notifications (a device token registers this device). */
type SessionHooks = Pick<PushService, 'sessionStarted' | 'sessionEnded'>;
const noHooks: SessionHooks = { sessionStarted: async () => undefined, sessionEnded: async () => undefined };

const resetText = (code: string) => `Your verification code is ${code}. It expires in 10 minutes.`;

/** Login, sign-up, sessions and passwords for merchants, staff, couriers and customers. */
export function authService(
  deps: ServiceDeps<
    'accounts' | 'profile' | 'staff' | 'customers',
    'passwords' | 'signInLimiter' | 'sms' | 'log' | 'sessionTtlMs' | 'sessionIdle'
  >,
  hooks: SessionHooks = noHooks,
) {
  const { store } = deps;
  const repo = store.accounts;
  const { passwords, signInLimiter } = deps;
  const sessions = sessionKeeper(deps);
  const check = credentials(deps);
  const codes = codeBook(repo, deps.sms);

  async function newSession(subjectType: SubjectType, subjectId: number, deviceId?: string) {
    const { token, expiresAt } = await sessions.start(subjectType, subjectId, deviceId);
    return { token, expiresAt };
  }

  async function findAccount(mobile: string): Promise<Account | undefined> {
    const merchant = await repo.merchantByMobile(mobile);
    if (merchant) return { type: 'merchant', row: merchant };
    const staff = await repo.staffByMobile(mobile);
    return staff ? { type: 'merchantUser', row: staff } : undefined;
  }

  /** The account a reset code of this scope is for: a merchant or staff member, or a customer. */
  async function resettable(scope: LimiterScope, mobile: string): Promise<CodeSubject | undefined> {
    if (scope === 'staff') {
      const a = await findAccount(mobile);
      return a && { type: a.type, id: a.row.id };
    }
    const c = await repo.customerByMobile(mobile);
    return c && { type: 'user', id: c.id };
  }

  async function staffSessionResponse(
    account: Account,
    device?: { deviceId?: string; deviceToken?: string; lang: 'en' | 'ar' },
  ): Promise<SessionResponse> {
    const { id: sessionId, ...session } = await sessions.start(account.type, account.row.id, device?.deviceId);
    // a merchant under review gets no notifications (docs/security.md, "Web Push")
    const mayPush = account.type !== 'merchant' || account.row.status === 'approved';
    if (device?.deviceToken && mayPush) {
      // a push subscription sent as the device token registers this device; never fails the sign-in
      await hooks
        .sessionStarted(
          { id: sessionId, subjectType: account.type, subjectId: account.row.id },
          device.deviceToken,
          device.lang,
        )
        .catch((err) => deps.log.warn({ err }, 'push subscription not stored'));
    }
    if (account.type === 'merchant') {
      return {
        rule: 'merchant',
        isAproved: account.row.status === 'approved',
        id: account.row.id,
        userId: account.row.id,
        ...session,
      };
    }
    return { rule: account.row.rule, isAproved: true, id: account.row.merchantId, userId: account.row.id, ...session };
  }

  /** A customer's session answer (`user/login`, a reset, a confirmed number). */
  async function customerSession(customer: Customer, deviceId?: string) {
    const session = await newSession('user', customer.id, deviceId);
    return { id: customer.id, ...session, mustChangePassword: customer.mustChangePassword === 1 };
  }

  /** Refuses accounts that may not sign in: suspended merchants, inactive staff, staff of a closed merchant. */
  async function assertMaySignIn(account: Account): Promise<void> {
    if (account.type === 'merchant') {
      if (account.row.status === 'suspended') throw forbidden('accountSuspended');
      return;
    }
    if (account.row.isActive !== 1) throw forbidden('accountInactive');
    const employer = await repo.merchantById(account.row.merchantId);
    if (!employer || employer.status === 'suspended') throw forbidden('accountSuspended');
    if (employer.status !== 'approved') throw forbidden('underReview');
  }

  return {
    async signupMerchant(v: { name: string; mobile: string; password: string; userCurrncy: string }, address: string) {
      await assertNotCommon(v.password);
      await signInLimiter.signup(address);
      if (await repo.loginMobileTaken(v.mobile)) throw conflict('mobileTaken');
      const passwordHash = await passwords.hash(v.password, 'signIn');
      let id: number;
      try {
        id = await insertMerchant(store, {
          name: v.name,
          mobile: v.mobile,
          passwordHash,
          currency: v.userCurrncy.toUpperCase(),
          status: 'pending',
          isLive: 0,
          balance: 0,
        });
      } catch (err) {
        if (await repo.loginMobileTaken(v.mobile)) throw conflict('mobileTaken');
        throw err;
      }
      const row = await repo.merchantById(id);
      return staffSessionResponse({ type: 'merchant', row: row! });
    },

    async loginStaff(
      v: { username: string; password: string; deviceId?: string; deviceToken?: string },
      address: string,
      lang: 'en' | 'ar' = 'en',
    ) {
      const found = await findAccount(v.username);
      await check.signIn('staff', v.username, address, v.password, found);
      await assertMaySignIn(found!);
      return staffSessionResponse(found!, { deviceId: v.deviceId, deviceToken: v.deviceToken, lang });
    },

    /**
     * A customer signs in. A walk-in customer's one-time password works for 24 hours, and signing in
     * with it proves the phone; a customer who signed up alone must first confirm the number with
     * the texted code (`user/verify`): until then the right password answers 403 (only its holder
     * learns it).
     */
    async loginCustomer(v: { username: string; password: string; deviceId?: string }, address: string) {
      const row = await repo.customerByMobile(v.username);
      await check.signIn('user', v.username, address, v.password, row && { type: 'user', row });
      const customer = row!;
      const oneTime = customer.passwordExpiresAt !== null;
      if (oneTime && customer.passwordExpiresAt! <= new Date().toISOString())
        throw new AppError(401, 'oneTimeCodeExpired');
      if (customer.verifiedAt === null) {
        if (!oneTime) throw forbidden('phoneNotVerified');
        await markCustomerVerified(store, customer.id);
      }
      return customerSession(customer, v.deviceId);
    },

    newSession,
    customerSession,

    async logout(caller: Caller) {
      await repo.revokeSession(caller.sessionId);
      await hooks.sessionEnded(caller.sessionId);
      return { success: true as const };
    },

    /** The old password is checked under the sign-in limits, one check per account at a time. */
    async changePassword(caller: Caller, v: { oldPassword: string; password: string }, address: string) {
      await assertNotCommon(v.password);
      await check.confirm(caller, v.oldPassword, address, 'oldPassword');
      await setPassword(store, caller.type, caller.id, await passwords.hash(v.password));
      await repo.revokeSessionsOf(caller.type, caller.id, caller.sessionId);
      return { success: true as const };
    },

    /**
     * Step 1: text a reset code (same answer whether the phone is known or not). Counted per
     * address and per number before anything else, so one client cannot make the server text phone
     * after phone, nor one phone again and again.
     */
    async sendResetCode(scope: LimiterScope, mobile: string, address: string) {
      await signInLimiter.resetCode(address);
      await signInLimiter.textTo(mobile);
      const subject = await resettable(scope, mobile);
      if (subject) await codes.send(subject, 'password_reset', mobile, resetText);
      return { sent: true as const };
    },

    /** Step 2 for merchants, staff and couriers: check the code, set the new password, end every session and sign in. */
    async resetPassword(v: { mobile: string; code: string; password: string }) {
      const account = await findAccount(v.mobile);
      await reset('staff', account && { type: account.type, id: account.row.id }, v, () => assertMaySignIn(account!));
      return staffSessionResponse(account!);
    },

    /** Step 2 for customers: the code also proves the phone. */
    async resetCustomerPassword(v: { mobile: string; code: string; password: string; deviceId?: string }) {
      const customer = await repo.customerByMobile(v.mobile);
      await reset('user', customer && { type: 'user', id: customer.id }, v);
      if (customer!.verifiedAt === null) await markCustomerVerified(store, customer!.id);
      return customerSession((await repo.customerById(customer!.id))!, v.deviceId);
    },

    /** A ticket that opens the live feed once, within a minute (the session token never goes in a URL). */
    streamTicket: (caller: Caller) => sessions.streamTicket(caller),
    redeemStreamTicket: sessions.redeemTicket,
    stillLive: sessions.stillLive,

    /** Resolves a token to its caller, or null when it is unknown, expired, idle, revoked or its account is gone. */
    resolveCaller: sessions.resolveCaller,

    /** A signed-in caller's current password, checked under the sign-in limits (422 on `field`). */
    confirmPassword: check.confirm,
    /** Checks a customer's password under the sign-in limits (401 when wrong). */
    checkSignIn: check.signIn,

    /** A customer proved the phone (the first proof stands). */
    markVerified: (customerId: number) => markCustomerVerified(store, customerId),

    /** Ends every session of the account but the caller's own. */
    endOtherSessions: (caller: Pick<Caller, 'type' | 'id' | 'sessionId'>) =>
      repo.revokeSessionsOf(caller.type, caller.id, caller.sessionId),

    codes,
    repo,
  };

  /**
   * The code is checked (its try counted first), the new password hashed before the code is used
   * up (a refused or busy answer leaves the code valid), then every session of the account ends and
   * the phone's sign-in delays with it: the owner proved who they are.
   */
  async function reset(
    scope: LimiterScope,
    subject: CodeSubject | undefined,
    v: { mobile: string; code: string; password: string },
    mayProceed?: () => Promise<void>,
  ) {
    await assertNotCommon(v.password);
    const codeId = await codes.check(subject, 'password_reset', v.code);
    const passwordHash = await passwords.hash(v.password, 'signIn');
    await codes.use(codeId);
    await mayProceed?.();
    await setPassword(store, subject!.type, subject!.id, passwordHash);
    await repo.revokeSessionsOf(subject!.type, subject!.id);
    await signInLimiter.clearPhone(scope, v.mobile);
  }
}

export type AuthService = ReturnType<typeof authService>;
