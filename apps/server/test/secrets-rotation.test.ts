/**
 * Keys that rotate (docs/security.md, "Keys that rotate"): QR codes name their signing key; after
 * `npm run admin -- secrets rotate qr` new codes use the next key and a code signed before still
 * scans for its lifetime, not after; codes of the first format (no key id, the original `qr-hmac`
 * key) keep scanning; keys from the environment (current and previous); the VAPID pair from the
 * environment.
 */
import { createHmac } from 'node:crypto';
import { parseQr, qrSignedPart } from '@loyalty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireMerchant } from '../src/core/caller';
import { qrService } from '../src/modules/qr/qr.service';
import { signingKeys } from '../src/platform/secrets/signing-keys';
import { adminCommand } from './admin-command';
import { customerFixture, shopFixture } from './fixtures-requests';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  // keys read afresh on every use, so a rotation by the command line shows at once
  t = await startTestServer({ qrKeys: { cacheMs: 0 } });
});
afterAll(async () => t?.close());

const admin = (...args: string[]) => adminCommand(args, t.databaseEnv);

async function redeemCode() {
  const shop = await shopFixture(t);
  const c = await customerFixture(t, 100);
  const res = await t.call(
    'user/redeem',
    { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 5 },
    { token: c.token },
  );
  expect(res.status).toBe(200);
  return { shop, c, id: res.body.data.id as number, code: res.body.data.qr.code as string };
}

const scan = (token: string, code: string) => t.call('merchantUser/qr/scan', { code }, { token });

describe('the QR signing key', () => {
  it('rotates: new codes name the new key, a code signed before scans for its lifetime and not after', async () => {
    const before = await redeemCode();
    const kid = parseQr(before.code)?.kid;
    expect(kid).toMatch(/^k\d+$/);

    const { stdout } = await admin('secrets', 'rotate', 'qr');
    const next = `k${Number(kid?.slice(1)) + 1}`;
    expect(stdout).toContain(`QR signing key rotated: ${next} signs new codes`);
    expect(stdout).toContain(`Retired ${kid}`);

    const fresh = await t.call('user/qr', { kind: 'redeem', id: before.id }, { token: before.c.token });
    expect(parseQr(fresh.body.data.code)?.kid).toBe(next);
    expect((await scan(before.shop.staff.token, fresh.body.data.code)).status).toBe(200);
    // signed with the retired key, still within its five minutes
    expect((await scan(before.shop.staff.token, before.code)).status).toBe(200);

    // once the retired key's codes can no longer live, it verifies nothing, even a code claiming to
    await t.db
      .updateTable('signingKeys')
      .set({ retiredAt: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where('kid', '=', kid ?? '')
      .execute();
    const late = await scan(before.shop.staff.token, before.code);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This code is not valid: it was not issued by this app');
    expect((await scan(before.shop.staff.token, fresh.body.data.code)).status).toBe(200);
    const log = await admin('operator', 'log');
    expect(log.stdout).toContain('secrets rotate');
  });

  it('keeps scanning codes of the first format, signed with the original key (qr-hmac)', async () => {
    const r = await redeemCode();
    const legacy = 'bGVnYWN5LXFyLWtleS0wMTIzNDU2Nzg5YWJjZGVmMDEyMw';
    await t.db
      .insertInto('appSecrets')
      .values({ name: 'qr-hmac', value: legacy, createdAt: new Date().toISOString() })
      .execute();
    const part = qrSignedPart({
      kind: 'redeem',
      id: r.id,
      merchantId: r.shop.merchant.id,
      exp: Math.floor(Date.now() / 1000) + 240,
    });
    const code = `${part}.${createHmac('sha256', Buffer.from(legacy, 'base64url')).update(part).digest('base64url')}`;
    expect(code.startsWith('L1.r.')).toBe(true);
    const res = await scan(r.shop.staff.token, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ kind: 'redeem', id: r.id });
    // the original key verifies; it does not sign over the newer keys
    expect(
      parseQr((await t.call('user/qr', { kind: 'redeem', id: r.id }, { token: r.c.token })).body.data.code)?.kid,
    ).not.toBe('k0');
  });

  it('refuses a code that claims to live longer than any code the server signs', async () => {
    const r = await redeemCode();
    const key = await t.services.qrKeys.current();
    const part = qrSignedPart(
      { kind: 'redeem', id: r.id, merchantId: r.shop.merchant.id, exp: Math.floor(Date.now() / 1000) + 3600 },
      key.kid,
    );
    const code = `${part}.${createHmac('sha256', key.key).update(part).digest('base64url')}`;
    expect((await scan(r.shop.staff.token, code)).status).toBe(400);
  });

  it('from the environment: the current key signs, the previous one still verifies, a dropped one does not', async () => {
    const r = await redeemCode();
    const resolved = await t.services.auth.resolveCaller(r.shop.staff.token);
    if (!resolved) throw new Error('staff token not resolved');
    const caller = requireMerchant(resolved);
    const A = 'first-environment-key-0123456789abcdefghij';
    const B = 'second-environment-key-0123456789abcdefghij';
    const withKeys = (current: string, previous?: string) =>
      qrService(
        t.deps,
        signingKeys(t.deps.store.secrets, { purpose: 'qr', env: { current, previous }, lifetimeMs: 300_000 }),
      );
    const code = (await withKeys(A).issue('redeem', r.id, r.shop.merchant.id)).code;
    expect(parseQr(code)?.kid).toMatch(/^e[0-9a-f]{10}$/);
    expect(await withKeys(A).scan(caller, code)).toEqual({ kind: 'redeem', id: r.id });
    expect(await withKeys(B, A).scan(caller, code)).toEqual({ kind: 'redeem', id: r.id });
    await expect(withKeys(B).scan(caller, code)).rejects.toMatchObject({ status: 400 });
  });
});

describe('the VAPID key pair from the environment', () => {
  it('is the one served and used; none is generated in the database', async () => {
    const webpush = (await import('web-push')).default;
    const vapid = webpush.generateVAPIDKeys();
    const s = await startTestServer({ push: { vapid } });
    try {
      const res = await s.call('merchant/push/publicKey');
      expect(res.body.data.publicKey).toBe(vapid.publicKey);
      expect(await s.db.selectFrom('appSecrets').select('name').where('name', '=', 'push.vapid').execute()).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
