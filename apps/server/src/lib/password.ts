/**
 * Password hashing with scrypt (OWASP: N=2^17, r=8, p=1). The parameters are stored in the hash,
 * so verification reads them back and a stronger setting can be introduced later.
 */
import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

export interface HashCost {
  log2N: number;
  r: number;
  p: number;
}

/** Production cost: 128 MiB, about a third of a second here. */
export const PRODUCTION_COST: HashCost = { log2N: 17, r: 8, p: 1 };

const maxmem = (c: HashCost) => 128 * 2 ** c.log2N * c.r * c.p + 32 * 1024 * 1024;

export async function hashPassword(password: string, cost: HashCost = PRODUCTION_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { N: 2 ** cost.log2N, r: cost.r, p: cost.p, maxmem: maxmem(cost) });
  return `scrypt$${cost.log2N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const cost = { log2N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
  if (![cost.log2N, cost.r, cost.p].every(Number.isInteger) || cost.log2N < 10 || cost.log2N > 20) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(password, salt, expected.length, {
    N: 2 ** cost.log2N,
    r: cost.r,
    p: cost.p,
    maxmem: maxmem(cost),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
