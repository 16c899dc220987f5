import type { SessionResponse, StaffRole } from '@loyalty/contract';
import type { Caller } from '../../core/caller';
import { AppError, conflict, forbidden, invalidField } from '../../core/errors';
import type { Merchant, MerchantUser, SubjectType } from '../../db/schema';
import type { Deps } from '../../deps';
import { assertNotCommon } from '../../lib/password';
import { hashToken, newCode, newToken } from '../../lib/tokens';
import type { PushService } from '../push/push.service';

const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const CODES_PER_WINDOW = 3;
const CODE_WINDOW_MS = 15 * 60 * 1000;

type Account = { type: 'merchant'; row: Merchant } | { type: 'merchantUser'; row: MerchantUser };

/** What sign-in and sign-out tell the push notifications (a device token registers this device). */
type SessionHooks = Pick<PushService, 'sessionStarted' | 'sessionEnded'>;
const noHooks: SessionHooks = { sessionStarted: async () => undefined, sessionEnded: async () => undefined };

/** Login, sign-up, sessions and passwords for merchants, staff, couriers and customers. */
export function authService(deps: Deps, hooks: SessionHooks = noHooks) {
  const repo = deps.store.accounts;
  const { passwords, signInLimiter } = deps;

  async function startSession(subjectType: SubjectType, subjectId: number, deviceId?: string) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + deps.sessionTtlMs).toISOString();
    const id = await repo.insertSession({ tokenHash: hashToken(token), subjectType, subjectId, expiresAt, deviceId });
    return { id, token, expiresAt };
  }

  async function newSession(subjectType: SubjectType, subjectId: number, deviceId?: string) {
    const { token, expiresAt } = await startSession(subjectType, subjectId, deviceId);
    return { token, expiresAt };
  }

  async function findAccount(mobile: string): Promise<Account | undefined> {
    const merchant = await repo.merchantByMobile(mobile);
    if (merchant) return { type: 'merchant', row: merchant };
    const staff = await repo.staffByMobile(mobile);
    return staff ? { type: 'merchantUser', row: staff } : undefined;
  }

  /**
   * Checks a password under the sign-in limits (docs/security.md): the attempt is counted for the
   * phone and the address before anything is hashed; an unknown phone is checked against a dummy
   * hash, so both failures answer and take the same. A hash of an older scheme or cost is replaced.
   */
  async function checkCredentials(
    scope: 'staff' | 'user',
    mobile: string,
    address: string,
    password: string,
    account: { type: SubjectType; row: { id: number; passwordHash: string } } | undefined,
  ): Promise<void> {
    const ticket = await signInLimiter.begin(scope, mobile, address);
    let ok: boolean;
    try {
      ok = await passwords.verify(password, account?.row.passwordHash);
    } catch (err) {
      await ticket.cancelled();
      throw err;
    }
    if (!account || !ok) {
      await ticket.failed();
      throw new AppError(401, 'loginFailed');
    }
    await ticket.succeeded();
    if (passwords.needsRehash(account.row.passwordHash)) {
      // best effort: the sign-in stands even when the server is too busy to rehash now
      await passwords
        .hash(password)
        .then((hash) => repo.replaceHash(account.type, account.row.id, account.row.passwordHash, hash))
        .catch((err) => deps.log.warn({ err }, 'password rehash skipped'));
    }
  }

  async function staffSessionResponse(
    account: Account,
    device?: { deviceId?: string; deviceToken?: string; lang: 'en' | 'ar' },
  ): Promise<SessionResponse> {
    const { id: sessionId, ...session } = await startSession(account.type, account.row.id, device?.deviceId);
    if (device?.deviceToken) {
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
      const passwordHash = await passwords.hash(v.password);
      let id: number;
      try {
        id = await repo.insertMerchant({
          name: v.name,
          mobile: v.mobile,
          passwordHash,
          currency: v.userCurrncy.toUpperCase(),
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
      await checkCredentials('staff', v.username, address, v.password, found);
      await assertMaySignIn(found!);
      return staffSessionResponse(found!, { deviceId: v.deviceId, deviceToken: v.deviceToken, lang });
    },

    async loginCustomer(v: { username: string; password: string; deviceId?: string }, address: string) {
      const row = await repo.customerByMobile(v.username);
      await checkCredentials('user', v.username, address, v.password, row && { type: 'user', row });
      const customer = row!;
      // a walk-in customer's one-time code works for 24 hours (only its holder learns it expired)
      if (customer.passwordExpiresAt !== null && customer.passwordExpiresAt <= new Date().toISOString())
        throw new AppError(401, 'oneTimeCodeExpired');
      const session = await newSession('user', customer.id, v.deviceId);
      return { id: customer.id, ...session, mustChangePassword: customer.mustChangePassword === 1 };
    },

    newSession,

    async logout(caller: Caller) {
      await repo.revokeSession(caller.sessionId);
      await hooks.sessionEnded(caller.sessionId);
      return { success: true as const };
    },

    async changePassword(caller: Caller, v: { oldPassword: string; password: string }) {
      await assertNotCommon(v.password);
      const row =
        caller.type === 'merchant'
          ? await repo.merchantById(caller.id)
          : caller.type === 'merchantUser'
            ? await repo.staffById(caller.id)
            : await repo.customerById(caller.id);
      if (!row || !(await passwords.verify(v.oldPassword, row.passwordHash)))
        throw invalidField('oldPassword', 'wrongCurrentPassword');
      await repo.setPassword(caller.type, caller.id, await passwords.hash(v.password));
      await repo.revokeSessionsOf(caller.type, caller.id, caller.sessionId);
      return { success: true as const };
    },

    /** Step 1: send a code (same answer whether the phone is known or not). */
    async sendResetCode(mobile: string, address: string) {
      // counted per address before anything else: one client cannot send codes to many phones
      await signInLimiter.resetCode(address);
      const account = await findAccount(mobile);
      if (account) {
        const since = new Date(Date.now() - CODE_WINDOW_MS).toISOString();
        if ((await repo.countRecentCodes(account.type, account.row.id, since)) < CODES_PER_WINDOW) {
          const code = newCode();
          await repo.insertCode({
            subjectType: account.type,
            subjectId: account.row.id,
            codeHash: hashToken(`${account.type}:${account.row.id}:${code}`),
            expiresAt: new Date(Date.now() + CODE_TTL_MS).toISOString(),
          });
          await deps.sms.send(mobile, `Your verification code is ${code}. It expires in 10 minutes.`);
        }
      }
      return { sent: true as const };
    },

    /** Step 2: check the code, set the new password, end every session and sign in. */
    async resetPassword(v: { mobile: string; code: string; password: string }) {
      // before the code is used up, so that a refused password leaves it valid
      await assertNotCommon(v.password);
      const account = await findAccount(v.mobile);
      const code = account ? await repo.latestLiveCode(account.type, account.row.id) : undefined;
      if (!account || !code || code.attempts >= CODE_MAX_ATTEMPTS) throw invalidField('code', 'codeInvalid');
      if (hashToken(`${account.type}:${account.row.id}:${v.code}`) !== code.codeHash) {
        await repo.addCodeAttempt(code.id);
        throw invalidField('code', 'codeInvalid');
      }
      // hashed before the code is used up: a busy server (503) leaves the code valid
      const passwordHash = await passwords.hash(v.password);
      if (!(await repo.useCode(code.id))) throw invalidField('code', 'codeInvalid');
      await assertMaySignIn(account);
      await repo.setPassword(account.type, account.row.id, passwordHash);
      await repo.revokeSessionsOf(account.type, account.row.id);
      // the owner proved who they are: a guesser's delays on this phone end
      await signInLimiter.clearPhone('staff', v.mobile);
      return staffSessionResponse(account);
    },

    /** Resolves a token to its caller, or null when it is unknown, expired, revoked or its account is gone. */
    async resolveCaller(token: string): Promise<Caller | null> {
      const s = await repo.liveSessionCaller(hashToken(token));
      if (!s) return null;
      const base = { sessionId: s.sessionId, id: s.subjectId, mustChangePassword: false };
      switch (s.subjectType) {
        case 'merchant':
          if (s.merchantId === null || s.merchantStatus === null) return null;
          return {
            ...base,
            type: 'merchant',
            role: 'merchant',
            merchantId: s.merchantId,
            branchId: null,
            merchantStatus: s.merchantStatus,
          };
        case 'merchantUser':
          if (s.staffIsActive !== 1 || s.merchantId === null || s.merchantStatus === null) return null;
          return {
            ...base,
            type: 'merchantUser',
            role: s.staffRule as StaffRole,
            merchantId: s.merchantId,
            branchId: s.staffBranchId,
            merchantStatus: s.merchantStatus,
          };
        case 'user':
          if (s.customerId === null) return null;
          return {
            ...base,
            type: 'user',
            role: 'user',
            merchantId: null,
            branchId: null,
            merchantStatus: null,
            mustChangePassword: s.mustChangePassword === 1,
          };
        default:
          return null;
      }
    },

    repo,
  };
}

export type AuthService = ReturnType<typeof authService>;
