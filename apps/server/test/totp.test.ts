/** TOTP (RFC 6238, SHA-1) against the RFC's own test vectors; base32; one step of drift; no replay. */
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
  verifyTotp,
} from '../src/lib/totp';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vectors (8 digits) and RFC 4226 HOTP values (6 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code);
    const hotp6 = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    for (const [counter, code] of hotp6.entries()) expect(hotp(RFC_KEY, counter)).toBe(code);
  });

  it('base32 round-trips (RFC 4648 vector) and the secret is 32 characters', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts one step either side, not two; a used step is not accepted again', () => {
    const secret = base32Encode(RFC_KEY);
    const at = 1_111_111_111_000;
    const step = totpStep(at);
    expect(verifyTotp(secret, totpCode(secret, at), at, null)).toBe(step);
    expect(verifyTotp(secret, totpCode(secret, at - 30_000), at, null)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(secret, at + 30_000), at, null)).toBe(step + 1);
    expect(verifyTotp(secret, totpCode(secret, at - 60_000), at, null)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, at), at, step)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, at + 30_000), at, step)).toBe(step + 1);
    expect(verifyTotp(secret, 'abcdef', at, null)).toBeNull();
  });

  it('writes the otpauth URI an authenticator app scans', () => {
    expect(otpauthUri('97455123456', 'ABC')).toBe(
      'otpauth://totp/Loyalty:97455123456?secret=ABC&issuer=Loyalty&algorithm=SHA1&digits=6&period=30',
    );
  });
});
