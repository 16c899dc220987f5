/**
 * Sign-in delays and per-address limits (docs/security.md). Every attempt is counted in the
 * database when it starts, before any password is hashed, so parallel requests and every server
 * process share one count. The counting SQL is the auth module's throttle repository.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { retryLater } from '../core/errors';

/** A few free attempts, then a wait of `baseMs` doubling with each further one, at most `maxMs`. */
export interface DelayPolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  /** A streak with no counted attempt for this long starts again from zero. */
  forgetMs: number;
}

/** At most `limit` in a fixed window of `windowMs`. */
export interface WindowPolicy {
  limit: number;
  windowMs: number;
}

export interface LoginLimits {
  /** Sign-in attempts per phone (staff and customer logins counted apart); success resets it. */
  perPhone: DelayPolicy;
  /** Failed sign-in attempts per client address, over every phone and both logins. */
  perAddress: DelayPolicy;
  /** Successful sign-ins per address: each one costs a password hash. */
  signInsPerAddress: WindowPolicy;
  /** Self sign-ups (merchant and customer) per address. */
  signupsPerAddress: WindowPolicy;
  /** Password-reset code requests per address (each may send an SMS), over every phone. */
  resetCodesPerAddress: WindowPolicy;
  /** Texts a customer asks for (a sign-up's code, a new code) per address, over every phone. */
  textsPerAddress: WindowPolicy;
  /** Texts anyone may make the server send to one number by themselves (codes of every kind). */
  textsPerNumber: WindowPolicy;
  /** Walk-in customers one merchant, staff member or courier account registers (each costs a text). */
  walkInsPerStaff: WindowPolicy;
  /** Walk-in customers all the accounts of one merchant register together. */
  walkInsPerMerchant: WindowPolicy;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The policy of docs/security.md. */
export const LOGIN_LIMITS: LoginLimits = {
  perPhone: { free: 5, baseMs: SECOND, maxMs: 5 * MINUTE, forgetMs: 24 * HOUR },
  perAddress: { free: 20, baseMs: SECOND, maxMs: 2 * MINUTE, forgetMs: HOUR },
  signInsPerAddress: { limit: 60, windowMs: 10 * MINUTE },
  signupsPerAddress: { limit: 20, windowMs: HOUR },
  resetCodesPerAddress: { limit: 10, windowMs: HOUR },
  textsPerAddress: { limit: 20, windowMs: HOUR },
  textsPerNumber: { limit: 5, windowMs: HOUR },
  walkInsPerStaff: { limit: 30, windowMs: HOUR },
  walkInsPerMerchant: { limit: 200, windowMs: 24 * HOUR },
};

/** The wait after the `count`-th counted attempt of a streak. */
export const delayFor = (count: number, p: DelayPolicy): number =>
  count < p.free ? 0 : Math.min(p.maxMs, p.baseMs * 2 ** (count - p.free));

export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };

/** The counters' storage (modules/auth/throttle.repository.ts); every call is one atomic statement. */
export interface ThrottleStore {
  /** The rows of these keys (a read, no write). */
  peek(keys: string[]): Promise<{ key: string; count: number; nextAt: number }[]>;
  /** Counts an attempt unless the key is waiting; the count sets the next wait. */
  admitDelayed(key: string, now: number, p: DelayPolicy): Promise<Admission>;
  /**
   * Takes back one attempt counted at `countedAt` (it turned out not to be a failure): the wait
   * becomes no longer than the one the remaining count sets from then.
   */
  refundDelayed(key: string, countedAt: number, p: DelayPolicy): Promise<void>;
  clear(key: string): Promise<void>;
  /** Counts one in the key's current window unless it is full. */
  admitWindow(key: string, now: number, p: WindowPolicy): Promise<Admission>;
  refundWindow(key: string, now: number): Promise<void>;
  /** Removes rows not touched since `lastBefore` whose wait or window is over. */
  prune(lastBefore: number, now: number): Promise<void>;
}

/**
 * The address a limit is kept for: an IPv4 address, or the /64 network of an IPv6 one (one
 * subscriber usually holds a whole /64, so single IPv6 addresses cost an attacker nothing).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** One sign-in attempt admitted by the limiter: report how it ended. */
export interface SignInTicket {
  /** The password was right: the phone starts again, the address gets its attempt back. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted; it used no successful sign-in. */
  failed(): Promise<void>;
  /** Nothing was checked (the server was busy): every count is given back. */
  cancelled(): Promise<void>;
}

const tooMany = (
  a: { retryAfterMs: number },
  key:
    | 'tooManySignIns'
    | 'tooManySignups'
    | 'tooManyCodes'
    | 'tooManyTextsToNumber'
    | 'tooManyWalkIns'
    | 'tooManyWalkInsMerchant' = 'tooManySignIns',
) => retryLater(429, key, a.retryAfterMs / 1000);

export function signInLimiter(store: ThrottleStore, limits: LoginLimits, now: () => number = Date.now) {
  let lastPrune = 0;
  const pruneNow = (t: number) => {
    if (t - lastPrune < 10 * MINUTE) return;
    lastPrune = t;
    const longest = Math.max(
      limits.perPhone.forgetMs,
      limits.perAddress.forgetMs,
      limits.signupsPerAddress.windowMs,
      limits.resetCodesPerAddress.windowMs,
      limits.textsPerAddress.windowMs,
      limits.textsPerNumber.windowMs,
      limits.walkInsPerStaff.windowMs,
      limits.walkInsPerMerchant.windowMs,
    );
    store.prune(t - longest, t).catch(() => {
      /* pruning is housekeeping; the next call tries again */
    });
  };

  return {
    /**
     * Reserves an attempt for the address and the phone before any password is hashed; throws 429
     * (with the wait) when either is waiting or the address has used up its successful sign-ins.
     */
    async begin(scope: 'staff' | 'user' | 'operator', mobile: string, ip: string): Promise<SignInTicket> {
      const t = now();
      pruneNow(t);
      const address = addressKey(ip);
      const addrKey = `addr:${address}`;
      const phoneKey = `phone:${scope}:${mobile}`;
      const winKey = `signin:${address}`;
      // most refused attempts are refused here, by one read
      let waitMs = 0;
      for (const row of await store.peek([addrKey, phoneKey, winKey])) {
        const full = row.key !== winKey || row.count >= limits.signInsPerAddress.limit;
        if (full && row.nextAt > t) waitMs = Math.max(waitMs, row.nextAt - t);
      }
      if (waitMs > 0) throw tooMany({ retryAfterMs: waitMs });
      // then each count is taken atomically, so that parallel attempts cannot all pass the read
      const addr = await store.admitDelayed(addrKey, t, limits.perAddress);
      if (!addr.admitted) throw tooMany(addr);
      const phone = await store.admitDelayed(phoneKey, t, limits.perPhone);
      if (!phone.admitted) {
        await store.refundDelayed(addrKey, t, limits.perAddress);
        throw tooMany(phone);
      }
      const win = await store.admitWindow(winKey, t, limits.signInsPerAddress);
      if (!win.admitted) {
        await store.refundDelayed(addrKey, t, limits.perAddress);
        await store.refundDelayed(phoneKey, t, limits.perPhone);
        throw tooMany(win);
      }
      return {
        async succeeded() {
          await store.clear(phoneKey);
          await store.refundDelayed(addrKey, t, limits.perAddress);
        },
        async failed() {
          await store.refundWindow(winKey, now());
        },
        async cancelled() {
          await store.refundWindow(winKey, now());
          await store.refundDelayed(phoneKey, t, limits.perPhone);
          await store.refundDelayed(addrKey, t, limits.perAddress);
        },
      };
    },

    /** Counts a self sign-up from the address; throws 429 when the address has had its share. */
    async signup(ip: string): Promise<void> {
      const win = await store.admitWindow(`signup:${addressKey(ip)}`, now(), limits.signupsPerAddress);
      if (!win.admitted) throw tooMany(win, 'tooManySignups');
    },

    /** Counts a reset-code request from the address; throws 429 when it has had its share. */
    async resetCode(ip: string): Promise<void> {
      const win = await store.admitWindow(`reset:${addressKey(ip)}`, now(), limits.resetCodesPerAddress);
      if (!win.admitted) throw tooMany(win, 'tooManyCodes');
    },

    /**
     * Counts a text a customer asks for (a sign-up's code, a new code) from the address; throws 429
     * when the address has had its share.
     */
    async textFrom(ip: string): Promise<void> {
      const win = await store.admitWindow(`text:${addressKey(ip)}`, now(), limits.textsPerAddress);
      if (!win.admitted) throw tooMany(win, 'tooManyCodes');
    },

    /**
     * Counts a text to a number that someone other than its owner's shop asked for (any code);
     * counted whether or not the number has an account, so the answer tells nothing about it.
     */
    async textTo(mobile: string): Promise<void> {
      const win = await store.admitWindow(`textto:${mobile}`, now(), limits.textsPerNumber);
      if (!win.admitted) throw tooMany(win, 'tooManyTextsToNumber');
    },

    /** Counts a walk-in registration for the account that makes it and for its merchant (docs/security.md). */
    async walkIn(account: string, merchantId: number): Promise<void> {
      const t = now();
      const staffKey = `walkin:${account}`;
      const mine = await store.admitWindow(staffKey, t, limits.walkInsPerStaff);
      if (!mine.admitted) throw tooMany(mine, 'tooManyWalkIns');
      const all = await store.admitWindow(`walkin:merchant:${merchantId}`, t, limits.walkInsPerMerchant);
      if (!all.admitted) {
        await store.refundWindow(staffKey, t);
        throw tooMany(all, 'tooManyWalkInsMerchant');
      }
    },

    /** The owner proved who they are another way (a reset code): the phone starts again. */
    async clearPhone(scope: 'staff' | 'user', mobile: string): Promise<void> {
      await store.clear(`phone:${scope}:${mobile}`);
    },
  };
}

export type SignInLimiter = ReturnType<typeof signInLimiter>;
