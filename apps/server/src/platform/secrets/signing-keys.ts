/**
 * Keys that rotate (docs/security.md, "Keys that rotate"), for one purpose (the QR codes' HMAC key):
 * - from the environment (a current key and optionally the previous one, both verifying; the key id
 *   is derived from the key, so every server agrees), or
 * - in the database (`signing_keys`): created on first use as `k1` (or `k0`, the key the server had
 *   before keys had ids), and rotated by `npm run admin -- secrets rotate qr`, which adds the next key
 *   and retires the others. The key with the highest id not retired signs.
 * A retired key still verifies for `lifetimeMs` (the longest a code lives) plus the time servers may
 * keep signing with it from their cache, so no code signed before a rotation is refused early.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SecretsRepository } from './secrets.repository';

export interface SigningKey {
  kid: string;
  key: Buffer;
  /** When it stopped signing (database keys only). */
  retiredAt: string | null;
}

/** A transaction of the caller's with the secrets repository in it (core/deps InTransaction<'secrets'>). */
type InRepo = <T>(write: (tx: { secrets: SecretsRepository }) => Promise<T>) => Promise<T>;

export interface SigningKeyOptions {
  purpose: string;
  /** Keys from the environment: the current one signs, both verify. */
  env?: { current?: string; previous?: string };
  /** The key of the first format (no key id), read once from where it was kept. */
  legacy?: () => Promise<string | undefined>;
  /** How long a code signed with a key may be used (the QR codes' lifetime). */
  lifetimeMs: number;
  /** How long a process keeps the database's keys before reading them again (30 s). */
  cacheMs?: number;
  now?: () => number;
}

/** The id of the first-format key. */
export const LEGACY_KID = 'k0';

const envKey = (secret: string): SigningKey => ({
  kid: `e${createHash('sha256').update(secret).digest('hex').slice(0, 10)}`,
  key: Buffer.from(secret, 'utf8'),
  retiredAt: null,
});

const number = (kid: string) => (/^k(\d+)$/.exec(kid) ? Number(kid.slice(1)) : -1);

export function signingKeys(repo: SecretsRepository, o: SigningKeyOptions) {
  const now = o.now ?? Date.now;
  const cacheMs = o.cacheMs ?? 30_000;
  const fromEnv = [o.env?.current, o.env?.previous].filter((k): k is string => Boolean(k)).map(envKey);
  let cached: { at: number; keys: SigningKey[] } | undefined;

  async function load(): Promise<SigningKey[]> {
    const rows = await repo.signingKeys(o.purpose);
    cached = {
      at: now(),
      keys: rows.map((r) => ({ kid: r.kid, key: Buffer.from(r.secret, 'base64url'), retiredAt: r.retiredAt })),
    };
    return cached.keys;
  }
  const keys = async (fresh = false) => (!fresh && cached && now() - cached.at < cacheMs ? cached.keys : load());

  /** The database's signing key: the newest not retired, made on first use (first writer wins). */
  async function databaseCurrent(): Promise<SigningKey> {
    for (let round = 0; round < 3; round++) {
      // the highest id signs (k0, imported from before key ids, never outranks a key made since)
      const live = (await keys(round > 0)).filter((k) => k.retiredAt === null);
      if (live.length) return live.reduce((a, b) => (number(b.kid) > number(a.kid) ? b : a));
      const legacy = await o.legacy?.();
      const created = new Date(now()).toISOString();
      if (legacy) await repo.insertSigningKey(o.purpose, LEGACY_KID, legacy, created);
      else await repo.insertSigningKey(o.purpose, 'k1', randomBytes(32).toString('base64url'), created);
    }
    throw new Error(`no ${o.purpose} signing key could be stored`);
  }

  /** Whether a key may still verify: not retired, or retired less than a code's life (and a cache's) ago. */
  const accepts = (k: SigningKey) => k.retiredAt === null || now() < Date.parse(k.retiredAt) + o.lifetimeMs + cacheMs;

  return {
    /** The key that signs now. */
    current: (): Promise<SigningKey> => (fromEnv.length ? Promise.resolve(fromEnv[0]) : databaseCurrent()),

    /** The key a code names, while it may verify; undefined for an unknown or long-retired one. */
    async find(kid: string): Promise<SigningKey | undefined> {
      const env = fromEnv.find((k) => k.kid === kid);
      if (env) return env;
      // a key made by another process (a rotation) since this one last read them
      let found = (await keys()).find((k) => k.kid === kid) ?? (await keys(true)).find((k) => k.kid === kid);
      if (!found && kid === LEGACY_KID) {
        // a server of the previous release may have created the first key after the migration ran
        const legacy = await o.legacy?.();
        if (legacy) {
          await repo.insertSigningKey(o.purpose, LEGACY_KID, legacy, new Date(now()).toISOString());
          found = (await keys(true)).find((k) => k.kid === kid);
        }
      }
      return found && accepts(found) ? found : undefined;
    },

    /**
     * A new database key signs from now on; the others are retired (they verify a while longer) and
     * keys retired long ago are forgotten, in one transaction (`inTx`: the operator's, with its log
     * row). The environment's keys are not touched.
     */
    async rotate(inTx: InRepo = (write) => write({ secrets: repo })): Promise<{
      kid: string;
      retired: string[];
      verifiesUntil: string;
    }> {
      const all = await keys(true);
      const kid = `k${Math.max(0, ...all.map((k) => number(k.kid))) + 1}`;
      const at = new Date(now()).toISOString();
      const done = await inTx(async ({ secrets }) => {
        if (!(await secrets.insertSigningKey(o.purpose, kid, randomBytes(32).toString('base64url'), at)))
          throw new Error(`another rotation of the ${o.purpose} key ran at the same time; run it again`);
        const retired = await secrets.retireAllBut(o.purpose, kid, at);
        await secrets.dropRetiredBefore(o.purpose, new Date(now() - 24 * 3600_000 - o.lifetimeMs).toISOString());
        return { kid, retired };
      });
      cached = undefined;
      return { ...done, verifiesUntil: new Date(now() + o.lifetimeMs + cacheMs).toISOString() };
    },

    /** Where the signing key comes from. */
    source: (): 'environment' | 'database' => (fromEnv.length ? 'environment' : 'database'),
  };
}

export type SigningKeys = ReturnType<typeof signingKeys>;
