/**
 * Passwords (docs/security.md, docs/decisions/0007-argon2id-passwords.md): argon2id for new hashes,
 * older scrypt hashes still verify and are replaced at the next successful sign-in; new passwords
 * that are among the most common are refused everywhere one is set; existing ones keep working.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/cli/demo/demo-data';
import { nowIso } from '../src/db/dialect';
import { hashPassword, isCommonPassword } from '../src/lib/password';
import { merchantFixture, nextMobile, startTestServer, TEST_HASH_COST, type TestServer } from './harness';
import { addBranch } from './staff-fixtures';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

/** A hash in the format the server wrote before argon2id (scrypt, parameters stored with it). */
const legacyScryptHash = (password: string) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 12, r: 8, p: 1 });
  return `scrypt$12$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
};

const merchantRow = (mobile: string) =>
  t.db.selectFrom('merchants').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();

async function insertMerchant(passwordHash: string) {
  const mobile = nextMobile();
  const now = nowIso();
  await t.db
    .insertInto('merchants')
    .values({
      name: 'Old account',
      mobile,
      passwordHash,
      status: 'approved',
      isLive: 0,
      balance: 0,
      currency: 'USD',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return mobile;
}

const tooCommon = { field: 'password', message: 'This password is too common, please choose another' };

describe('argon2id', () => {
  it('hashes with argon2id at the OWASP minimum by default (m=19 MiB, t=2, p=1)', async () => {
    expect(await hashPassword('a-long-password')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('stores argon2id for a new account', async () => {
    const m = await merchantFixture(t);
    const row = await merchantRow(m.mobile);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(m.password);
  });

  it('an old scrypt hash still signs in and is replaced by argon2id at that sign-in', async () => {
    const mobile = await insertMerchant(legacyScryptHash('legacy-pass-1'));
    expect((await t.call('merchant/login', { username: mobile, password: 'wrong-pass-1' })).status).toBe(401);
    expect((await merchantRow(mobile)).passwordHash).toMatch(/^scrypt\$/);
    const ok = await t.call('merchant/login', { username: mobile, password: 'legacy-pass-1' });
    expect(ok.status).toBe(200);
    const upgraded = (await merchantRow(mobile)).passwordHash;
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect((await t.call('merchant/login', { username: mobile, password: 'legacy-pass-1' })).status).toBe(200);
    // the new hash is kept as it is from then on
    expect((await merchantRow(mobile)).passwordHash).toBe(upgraded);
  });

  it('a customer with an old hash is upgraded too', async () => {
    const mobile = nextMobile('9746');
    const now = nowIso();
    await t.db
      .insertInto('customers')
      .values({
        name: 'Old customer',
        mobile,
        passwordHash: legacyScryptHash('legacy-cust-1'),
        currency: 'USD',
        balance: 0,
        mustChangePassword: 0,
        registeredByMerchantId: null,
        registeredBranchId: null,
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await t.call('user/login', { username: mobile, password: 'legacy-cust-1' })).status).toBe(200);
    const row = await t.db
      .selectFrom('customers')
      .select('passwordHash')
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('common passwords', () => {
  it('the list is loaded on the server and compared without case', async () => {
    expect(await isCommonPassword('password1')).toBe(true);
    expect(await isCommonPassword('PassWord1')).toBe(true);
    expect(await isCommonPassword('qwertyuiop')).toBe(true);
    expect(await isCommonPassword('staff-pass-1')).toBe(false);
    expect(await isCommonPassword(DEMO_PASSWORD)).toBe(false);
  });

  it('merchant and customer sign-up refuse a common password on the password field', async () => {
    const merchant = await t.call('merchant/signup', {
      name: 'Cafe',
      mobile: nextMobile(),
      password: 'Password1',
      check: true,
    });
    expect(merchant.status).toBe(422);
    expect(merchant.body.errors).toEqual([tooCommon]);
    const customer = await t.call('user/signup', { name: 'C', mobile: nextMobile('9746'), password: 'iloveyou' });
    expect(customer.status).toBe(422);
    expect(customer.body.errors).toEqual([tooCommon]);
    const ar = await t.call(
      'user/signup',
      { name: 'C', mobile: nextMobile('9746'), password: 'qwertyuiop' },
      { lang: 'ar' },
    );
    expect(ar.body.errors).toEqual([{ field: 'password', message: 'كلمة المرور هذه شائعة جداً، الرجاء اختيار غيرها' }]);
  });

  it('changing, resetting and adding an employee refuse one too; nothing is changed', async () => {
    const m = await merchantFixture(t);
    const change = await t.call(
      'merchant/changepassword',
      { oldPassword: m.password, password: 'baseball1', confirmPassword: 'baseball1' },
      { token: m.token },
    );
    expect(change.status).toBe(422);
    expect(change.body.errors).toEqual([tooCommon]);
    expect((await t.call('merchant/login', { username: m.mobile, password: m.password })).status).toBe(200);

    await t.call('merchant/forgetpassword', { mobile: m.mobile });
    const code = /(\d{6})/.exec(t.sms.filter((s) => s.to === m.mobile).at(-1)?.body ?? '')?.[1];
    const reset = await t.call('merchant/forgetpassword', {
      mobile: m.mobile,
      code,
      password: 'superman1',
      confirmPassword: 'superman1',
    });
    expect(reset.status).toBe(422);
    expect(reset.body.errors).toEqual([tooCommon]);
    // the code was not used up by the refused password
    const ok = await t.call('merchant/forgetpassword', {
      mobile: m.mobile,
      code,
      password: 'a-better-pass-1',
      confirmPassword: 'a-better-pass-1',
    });
    expect(ok.status).toBe(200);

    const branchId = await addBranch(t, ok.body.data.token, 'Main');
    const employee = await t.call(
      'merchant/addEmployee',
      {
        branchId,
        fName: 'A',
        mName: 'B',
        lName: 'C',
        mobileNum: nextMobile('9743'),
        password: 'football',
        rule: 'merchantUser',
      },
      { token: ok.body.data.token },
    );
    expect(employee.status).toBe(422);
    expect(employee.body.errors).toEqual([tooCommon]);
  });

  it('an existing common password still signs in', async () => {
    const mobile = await insertMerchant(await hashPassword('password1', TEST_HASH_COST));
    expect((await t.call('merchant/login', { username: mobile, password: 'password1' })).status).toBe(200);
  });
});
