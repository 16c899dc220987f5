/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 6 digits, 30-second
 * steps, as authenticator apps read them from an `otpauth://` URI. The secret is 20 random bytes,
 * shown in base32 (RFC 4648, no padding).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret, base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** The step (counter) of an instant. */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);

/** The code of a step (RFC 4226 dynamic truncation), `digits` long with leading zeros. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(bin).padStart(digits, '0');
}

/** The code of a base32 secret at an instant. */
export const totpCode = (secret: string, atMs: number): string => hotp(base32Decode(secret), totpStep(atMs));

/**
 * The step a code matches, within one step either side of `atMs` (a clock a little off), or null.
 * Steps at or before `lastStep` are refused: a code is accepted once (no replay).
 */
export function verifyTotp(secret: string, code: string, atMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(atMs);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const ok = timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code));
    if (ok && found === null && (lastStep === null || step > lastStep)) found = step;
  }
  return found;
}

/** The URI an authenticator app scans (Key Uri Format). */
export const otpauthUri = (account: string, secret: string, issuer = 'Loyalty'): string =>
  `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
