/**
 * Secrets sealed at rest (docs/security.md, "Operator accounts"): the operators' authenticator (TOTP)
 * secrets are stored as `v1.<keyId>.<iv>.<ciphertext+tag>` (AES-256-GCM, base64url parts), so a copy
 * of the database alone does not give the codes. The key is derived (HKDF-SHA256) from
 * OPERATOR_SECRET_KEY, with OPERATOR_SECRET_KEY_PREVIOUS still opening what it sealed; without them,
 * from a random key made once and kept in the database (`app_secrets`), which protects nothing
 * against a leaked database but keeps one format. The key id is the first 8 hex digits of the
 * SHA-256 of the derived key, so every server agrees which key sealed a value.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

export interface SealingKey {
  id: string;
  key: Buffer;
}

const INFO = 'loyalty/operator-totp-secret/v1';
const PREFIX = 'v1';

/** The AES-256 key derived from a secret (HKDF-SHA256, fixed info), with its id. */
export function sealingKeyOf(material: string | Buffer): SealingKey {
  const key = Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), INFO, 32));
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** Seals a text with a key: `v1.<keyId>.<iv>.<ciphertext+tag>`. */
export function seal(plain: string, k: SealingKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k.key, iv);
  cipher.setAAD(Buffer.from(`${PREFIX}.${k.id}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}.${k.id}.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** Whether a stored value is in the sealed format (else it is a value stored before sealing). */
export const isSealed = (stored: string): boolean => stored.startsWith(`${PREFIX}.`);

/** The id of the key a sealed value names. */
export const keyIdOf = (stored: string): string | undefined => (isSealed(stored) ? stored.split('.')[1] : undefined);

/**
 * The text of a sealed value, with the key its id names among `keys`; undefined when no key has that
 * id, or the value was changed or is not of the format (never a throw).
 */
export function unseal(stored: string, keys: SealingKey[]): string | undefined {
  const parts = stored.split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX) return undefined;
  const [, id, ivText, bodyText] = parts;
  const k = keys.find((c) => c.id === id);
  if (!k || !/^[A-Za-z0-9_-]+$/.test(ivText) || !/^[A-Za-z0-9_-]+$/.test(bodyText)) return undefined;
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== 12 || body.length < 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', k.key, iv);
    decipher.setAAD(Buffer.from(`${PREFIX}.${id}`));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export interface SealerOptions {
  /** Keys from the environment (OPERATOR_SECRET_KEY, …_PREVIOUS): the current one seals, both open. */
  env?: { current?: string; previous?: string };
  /** The database's key (base64url of 32 random bytes): made on first use when `create`, else read if present. */
  database: (create: boolean) => Promise<string | undefined>;
}

/**
 * The keys that seal the operators' secrets: the environment's when set (the database's key, if one
 * was made before, still opens what it sealed), else the database's.
 */
export function sealer(o: SealerOptions) {
  const fromEnv = [o.env?.current, o.env?.previous].filter((k): k is string => Boolean(k)).map(sealingKeyOf);
  const databaseKey = async (create: boolean) => {
    const stored = await o.database(create);
    return stored ? sealingKeyOf(Buffer.from(stored, 'base64url')) : undefined;
  };
  const current = async (): Promise<SealingKey> => {
    if (fromEnv.length) return fromEnv[0];
    const k = await databaseKey(true);
    if (!k) throw new Error('the operator secrets key could not be stored');
    return k;
  };
  return {
    current,
    source: (): 'environment' | 'database' => (fromEnv.length ? 'environment' : 'database'),
    seal: async (plain: string) => seal(plain, await current()),
    /**
     * The text of a stored value and whether it should be sealed again with the current key (sealed
     * by another key, or stored before sealing); undefined when it cannot be opened.
     */
    async open(stored: string): Promise<{ plain: string; stale: boolean } | undefined> {
      const now = await current();
      if (!isSealed(stored)) return { plain: stored, stale: true };
      const id = keyIdOf(stored);
      const keys = fromEnv.some((k) => k.id === id) || id === now.id ? [now, ...fromEnv] : [];
      if (!keys.length && fromEnv.length) {
        const db = await databaseKey(false);
        if (db) keys.push(db);
      }
      const plain = unseal(stored, keys);
      return plain === undefined ? undefined : { plain, stale: id !== now.id };
    },
  };
}

export type Sealer = ReturnType<typeof sealer>;

/** A new database key: 32 random bytes, base64url. */
export const newSealingSecret = (): string => randomBytes(32).toString('base64url');
