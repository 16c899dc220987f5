/** Sealing at rest (platform/secrets/sealing.ts): AES-256-GCM under an HKDF key, named by its id. */
import { describe, expect, it } from 'vitest';
import { keyIdOf, seal, sealer, sealingKeyOf, unseal } from '../src/platform/secrets/sealing';

const A = sealingKeyOf('a'.repeat(32));
const B = sealingKeyOf('b'.repeat(32));

describe('seal and unseal', () => {
  it('seals as v1.<keyId>.<iv>.<ciphertext+tag>, a fresh iv each time, and opens with the key it names', () => {
    expect(A.id).toMatch(/^[0-9a-f]{8}$/);
    expect(A.id).not.toBe(B.id);
    expect(sealingKeyOf('a'.repeat(32))).toEqual(A);
    const one = seal('JBSWY3DPEHPK3PXP', A);
    const two = seal('JBSWY3DPEHPK3PXP', A);
    expect(one).toMatch(new RegExp(`^v1\\.${A.id}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]+$`));
    expect(one).not.toBe(two);
    expect(one).not.toContain('JBSWY3DPEHPK3PXP');
    expect(keyIdOf(one)).toBe(A.id);
    expect(unseal(one, [B, A])).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal(two, [A])).toBe('JBSWY3DPEHPK3PXP');
  });

  it('answers undefined, never throws, for another key, a changed byte, a changed key id or a broken format', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', A);
    expect(unseal(sealed, [B])).toBeUndefined();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    expect(unseal([...parts.slice(0, 3), body.toString('base64url')].join('.'), [A])).toBeUndefined();
    // B's id on A's ciphertext: B cannot open it, and the id is authenticated
    expect(unseal([parts[0], B.id, parts[2], parts[3]].join('.'), [A, { ...A, id: B.id }])).toBeUndefined();
    for (const bad of ['', 'v1', 'v1.x.y.z', `v1.${A.id}.!!.??`, `v1.${A.id}.${parts[2]}.AA`, 'JBSWY3DPEHPK3PXP'])
      expect(unseal(bad, [A])).toBeUndefined();
  });

  it('a sealer: the current key seals; the previous one opens (stale); a plain value opens stale; the database key only without one from the environment', async () => {
    let stored: string | undefined;
    const database = async (create: boolean) => {
      if (create && !stored) stored = 'k'.repeat(43);
      return stored;
    };
    const dbOnly = sealer({ database });
    expect(dbOnly.source()).toBe('database');
    const byDb = await dbOnly.seal('SECRET');
    expect(await dbOnly.open(byDb)).toEqual({ plain: 'SECRET', stale: false });
    expect(await dbOnly.open('JBSWY3DPEHPK3PXP')).toEqual({ plain: 'JBSWY3DPEHPK3PXP', stale: true });

    const old = sealer({ env: { current: 'a'.repeat(32) }, database });
    const byA = await old.seal('SECRET');
    expect(keyIdOf(byA)).toBe(A.id);
    const rotated = sealer({ env: { current: 'b'.repeat(32), previous: 'a'.repeat(32) }, database });
    expect(rotated.source()).toBe('environment');
    expect(await rotated.open(byA)).toEqual({ plain: 'SECRET', stale: true });
    expect(keyIdOf(await rotated.seal('SECRET'))).toBe(B.id);
    // the database's key, made before the environment's key was set, still opens what it sealed
    expect(await rotated.open(byDb)).toEqual({ plain: 'SECRET', stale: true });
    expect(await sealer({ env: { current: 'b'.repeat(32) }, database }).open(byA)).toBeUndefined();
  });
});
