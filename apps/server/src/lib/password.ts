/**
 * Passwords (docs/security.md, docs/decisions/0007-argon2id-passwords.md): argon2id at OWASP's
 * minimum (m=19 MiB, t=2, p=1) for new hashes; hashes of the earlier scheme (`scrypt$...`) still
 * verify and are replaced at the next successful sign-in. Hashing runs a few at a time behind a
 * bounded waiting line, so a flood of sign-ins cannot exhaust memory or libuv's thread pool. New
 * passwords that are among the most common are refused.
 */
import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, parseOptions } from '@node-rs/argon2';
import { invalidField, retryLater } from '../core/errors';
import { once } from './lazy';
import { WorkQueue } from './work-queue';

export interface HashCost {
  /** Memory in KiB. */
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** Production cost: OWASP's argon2id minimum, about 50 ms and 19 MiB a hash here. */
export const PRODUCTION_COST: HashCost = { memoryKiB: 19_456, iterations: 2, parallelism: 1 };

/**
 * Hashing capacity (docs/security.md): sign-ins (sign-in, sign-up, reset, a customer's code check)
 * have their own share, `concurrency` at once and `maxWaiting` in line; everything else that hashes
 * (a password change, a mobile change's password check, a new employee, a walk-in's one-time
 * password) shares `otherConcurrency` and `otherMaxWaiting`, so that a flood of those cannot make a
 * sign-in wait. More than fit in line answer 503.
 */
export const HASHING = { concurrency: 2, maxWaiting: 64, otherConcurrency: 1, otherMaxWaiting: 16 };
export interface HashingLimits {
  concurrency: number;
  maxWaiting: number;
  otherConcurrency?: number;
  otherMaxWaiting?: number;
}
/** Which share of the hashing capacity a hash uses. */
export type HashLane = 'signIn' | 'other';

/** An argon2id hash of the password (PHC string with its parameters). Unbounded: prefer `Passwords.hash`. */
export const hashPassword = (password: string, cost: HashCost = PRODUCTION_COST): Promise<string> =>
  argon2Hash(password, { memoryCost: cost.memoryKiB, timeCost: cost.iterations, parallelism: cost.parallelism });

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** The earlier scheme: `scrypt$log2N$r$p$salt$key`. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [log2N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![log2N, r, p].every(Number.isInteger) || log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16)
    return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (expected.length < 16) return false;
  const key = await scrypt(password, salt, expected.length, {
    N: 2 ** log2N,
    r,
    p,
    maxmem: 128 * 2 ** log2N * r * p + 32 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** Checks a password against an argon2id hash or one of the earlier scrypt scheme. Unbounded. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) return argon2Verify(stored, password).catch(() => false);
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** True when a hash is not argon2id with the given cost (an older scheme or other parameters). */
export function needsRehash(stored: string, cost: HashCost): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    return o.memoryCost !== cost.memoryKiB || o.timeCost !== cost.iterations || o.parallelism !== cost.parallelism;
  } catch {
    return true;
  }
}

/** zxcvbn's list of the most common passwords, lower-cased: loaded when a password is first chosen. */
const commonPasswords = once(async () => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
});

/** In zxcvbn's list of the most common passwords (loaded once, on the server only), whatever the case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

/** Refuses a new password that is too common: 422 on the field `password`. */
export async function assertNotCommon(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw invalidField('password', 'passwordTooCommon');
}

/** Hashing and checking of passwords, bounded by two queues (sign-ins, the rest) for the whole process. */
export function passwordHasher(cost: HashCost, limits: HashingLimits = HASHING) {
  const queue = new WorkQueue(limits.concurrency, limits.maxWaiting);
  const others = new WorkQueue(
    limits.otherConcurrency ?? HASHING.otherConcurrency,
    limits.otherMaxWaiting ?? HASHING.otherMaxWaiting,
  );
  const lane = (l: HashLane) => (l === 'signIn' ? queue : others);
  const dummyHash = once(() => hashPassword(randomBytes(16).toString('hex'), cost));
  /** Accounts with a password check running in this process. */
  const checking = new Set<string>();

  return {
    queue,
    others,
    /** Hashes a password (one chosen by the server, or one already checked). */
    hash: (password: string, l: HashLane = 'other') => lane(l).run(() => hashPassword(password, cost)),
    /** Hashes a password a person chose: refused with 422 when it is a common one. */
    async hashNew(password: string, l: HashLane = 'other') {
      await assertNotCommon(password);
      return lane(l).run(() => hashPassword(password, cost));
    },
    /**
     * Checks a password against an account's hash, or against a dummy hash when there is no
     * account, so that both failures cost the same.
     */
    async verify(password: string, stored: string | undefined, l: HashLane = 'other'): Promise<boolean> {
      const against = stored ?? (await dummyHash());
      const ok = await lane(l).run(() => verifyPassword(password, against));
      return ok && stored !== undefined;
    },
    /**
     * Runs a signed-in caller's password check unless one of the same account is already running in
     * this process (429 with Retry-After: 1): one caller holds at most one hash at a time.
     */
    async oneAtATime<T>(account: string, task: () => Promise<T>): Promise<T> {
      if (checking.has(account)) throw retryLater(429, 'passwordCheckRunning', 1);
      checking.add(account);
      try {
        return await task();
      } finally {
        checking.delete(account);
      }
    },
    /** True when a verified hash should be replaced by one at the current cost. */
    needsRehash: (stored: string) => needsRehash(stored, cost),
  };
}

export type Passwords = ReturnType<typeof passwordHasher>;
