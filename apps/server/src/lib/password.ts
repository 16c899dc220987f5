/**
 * Passwords (docs/security.md, docs/decisions/0007-argon2id-passwords.md): argon2id at OWASP's
 * minimum (m=19 MiB, t=2, p=1) for new hashes; hashes of the earlier scheme (`scrypt$...`) still
 * verify and are replaced at the next successful sign-in. Hashing runs a few at a time behind a
 * bounded waiting line, so a flood of sign-ins cannot exhaust memory or libuv's thread pool. New
 * passwords that are among the most common are refused.
 */
import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, parseOptions } from '@node-rs/argon2';
import { invalidField } from '../core/errors';
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

/** At most this many hashes at once, and this many waiting; more answer 503 (docs/security.md). */
export const HASHING = { concurrency: 2, maxWaiting: 64 };
export type HashingLimits = typeof HASHING;

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

/** Hashing and checking of passwords, bounded by one queue for the whole process. */
export function passwordHasher(cost: HashCost, limits: HashingLimits = HASHING) {
  const queue = new WorkQueue(limits.concurrency, limits.maxWaiting);
  const dummyHash = once(() => hashPassword(randomBytes(16).toString('hex'), cost));

  return {
    queue,
    /** Hashes a password (one chosen by the server, or one already checked). */
    hash: (password: string) => queue.run(() => hashPassword(password, cost)),
    /** Hashes a password a person chose: refused with 422 when it is a common one. */
    async hashNew(password: string) {
      await assertNotCommon(password);
      return queue.run(() => hashPassword(password, cost));
    },
    /**
     * Checks a password against an account's hash, or against a dummy hash when there is no
     * account, so that both failures cost the same.
     */
    async verify(password: string, stored: string | undefined): Promise<boolean> {
      const against = stored ?? (await dummyHash());
      const ok = await queue.run(() => verifyPassword(password, against));
      return ok && stored !== undefined;
    },
    /** True when a verified hash should be replaced by one at the current cost. */
    needsRehash: (stored: string) => needsRehash(stored, cost),
  };
}

export type Passwords = ReturnType<typeof passwordHasher>;
