/**
 * The operators' TOTP secrets sealed at rest (docs/security.md, "Operator accounts"): `operator add`
 * (command line and admin/operator/add) stores `v1.<keyId>.…`, never the base32 secret; a row from
 * before (plain base32) and a row sealed by OPERATOR_SECRET_KEY_PREVIOUS still sign in and are sealed
 * again with the current key; a changed ciphertext is the same 401 as a wrong code.
 */
import { clock, messages } from '@loyalty/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sealingKeyOf } from '../src/platform/secrets/sealing';
import { adminCommand } from './admin-command';
import { nextMobile, startTestServer, type TestServer } from './harness';
import {
  adminCall,
  type ConsoleOperator,
  consoleOperator,
  freezeClock,
  login,
  OPERATOR_PASSWORD,
  secretOf,
} from './operator-console-fixtures';

const KEY_1 = 'operator-key-one-0123456789abcdef0123456789';
const KEY_2 = 'operator-key-two-0123456789abcdef0123456789';
const wrong = { status: 401, body: { message: messages.invalidCredentials.en } };

let t: TestServer;
let admin: ConsoleOperator;

beforeAll(async () => {
  t = await startTestServer({ operatorSecretKeys: { current: KEY_1 } });
  freezeClock();
  admin = await consoleOperator(t, 'admin');
});
beforeEach(() => freezeClock());
afterAll(async () => {
  clock.set();
  await t?.close();
});

const stored = async (mobile: string) =>
  (await t.db.selectFrom('operators').select('totpSecret').where('mobile', '=', mobile).executeTakeFirstOrThrow())
    .totpSecret ?? '';
const setStored = (mobile: string, value: string) =>
  t.db.updateTable('operators').set({ totpSecret: value }).where('mobile', '=', mobile).execute();

describe('TOTP secrets sealed at rest', () => {
  it('admin/operator/add stores v1.<id of OPERATOR_SECRET_KEY>.…, not the secret; the URI is unchanged and signs in', async () => {
    const mobile = nextMobile();
    const res = await adminCall(
      t,
      'admin/operator/add',
      { mobile, name: 'Sealed', role: 'support', password: OPERATOR_PASSWORD },
      admin.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const secret = secretOf(res.body.data.otpauthUri);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const value = await stored(mobile);
    expect(value).toMatch(new RegExp(`^v1\\.${sealingKeyOf(KEY_1).id}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    expect(value).not.toContain(secret);
    expect((await login(t, mobile, secret)).status).toBe(200);
    expect(await stored(mobile)).toBe(value);
  });

  it('npm run admin -- operator add with OPERATOR_SECRET_KEY stores the sealed form; the server opens it', async () => {
    const mobile = nextMobile();
    const { stdout } = await adminCommand(
      ['operator', 'add', mobile, '--role', 'finance', '--password', OPERATOR_PASSWORD],
      { ...t.databaseEnv, OPERATOR_SECRET_KEY: KEY_1 },
    );
    const secret = secretOf(stdout.trim().split('\n').pop() ?? '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const value = await stored(mobile);
    expect(value.startsWith(`v1.${sealingKeyOf(KEY_1).id}.`)).toBe(true);
    expect(value).not.toContain(secret);
    expect((await login(t, mobile, secret)).status).toBe(200);
  }, 60_000);

  it('a row from before sealing (plain base32) signs in, and is sealed with the current key afterwards', async () => {
    const op = await consoleOperator(t, 'support');
    await setStored(op.mobile, op.secret);
    expect((await login(t, op.mobile, op.secret)).status).toBe(200);
    const value = await stored(op.mobile);
    expect(value.startsWith(`v1.${sealingKeyOf(KEY_1).id}.`)).toBe(true);
    expect(value).not.toContain(op.secret);
    expect((await login(t, op.mobile, op.secret)).status).toBe(200);
  });

  it('a changed ciphertext, or a key id no server has, answers the same 401 as a wrong code (no 500)', async () => {
    const op = await consoleOperator(t, 'support');
    const value = await stored(op.mobile);
    const parts = value.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[body.length - 20] ^= 1;
    await setStored(op.mobile, [...parts.slice(0, 3), body.toString('base64url')].join('.'));
    expect(await login(t, op.mobile, op.secret)).toEqual(wrong);
    await setStored(op.mobile, [parts[0], sealingKeyOf(KEY_2).id, parts[2], parts[3]].join('.'));
    expect(await login(t, op.mobile, op.secret)).toEqual(wrong);
    await setStored(op.mobile, 'v1.garbage');
    expect(await login(t, op.mobile, op.secret)).toEqual(wrong);
    await setStored(op.mobile, value);
    expect((await login(t, op.mobile, op.secret)).status).toBe(200);
  });

  it('rotated (the key moved to OPERATOR_SECRET_KEY_PREVIOUS, a new current one): signs in and is sealed with the new key', async () => {
    const op = await consoleOperator(t, 'finance');
    const before = await stored(op.mobile);
    const rotated = await t.sibling({ operatorSecretKeys: { current: KEY_2, previous: KEY_1 } });
    try {
      expect((await login(rotated, op.mobile, op.secret)).status).toBe(200);
      const after = await stored(op.mobile);
      expect(after.startsWith(`v1.${sealingKeyOf(KEY_2).id}.`)).toBe(true);
      expect(after).not.toBe(before);
      expect(after).not.toContain(op.secret);
      expect((await login(rotated, op.mobile, op.secret)).status).toBe(200);
      // a server still on the old key alone cannot open it: the same 401
      expect(await login(t, op.mobile, op.secret)).toEqual(wrong);
    } finally {
      await rotated.close();
    }
  });

  it('without OPERATOR_SECRET_KEY a key kept in the database seals; setting the key later re-seals at the next sign-in', async () => {
    const plain = await t.sibling({ operatorSecretKeys: undefined });
    try {
      const mobile = nextMobile();
      const res = await adminCall(
        plain,
        'admin/operator/add',
        { mobile, name: 'Db key', role: 'support', password: OPERATOR_PASSWORD },
        admin.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const secret = secretOf(res.body.data.otpauthUri);
      const value = await stored(mobile);
      expect(value).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(value.startsWith(`v1.${sealingKeyOf(KEY_1).id}.`)).toBe(false);
      expect(value).not.toContain(secret);
      const key = await t.db
        .selectFrom('appSecrets')
        .select('value')
        .where('name', '=', 'operator.totp-seal')
        .execute();
      expect(key).toHaveLength(1);
      expect((await login(plain, mobile, secret)).status).toBe(200);
      // the server with OPERATOR_SECRET_KEY opens it with the database's key and seals it with its own
      expect((await login(t, mobile, secret)).status).toBe(200);
      expect((await stored(mobile)).startsWith(`v1.${sealingKeyOf(KEY_1).id}.`)).toBe(true);
      // what OPERATOR_SECRET_KEY sealed does not open without it: the same 401 (docs/deploy.md)
      expect(await login(plain, admin.mobile, admin.secret)).toEqual(wrong);
    } finally {
      await plain.close();
    }
  });
});
