import { randomBytes, scryptSync } from 'node:crypto';
import { DEFAULTS } from '@loyalty/contract';
import { type Kysely, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect';
import { init } from '../src/db/migrations/0001-init';
import { orders } from '../src/db/migrations/0002-orders';
import type { Database } from '../src/db/schema';
import { merchantFixture, nextMobile, startTestServer } from './harness';
import { addBranch, addEmployee, login, useStaffWorld } from './staff-fixtures';

const w = useStaffWorld();

/** The one-time code of the last SMS sent to a phone. */
const codeSentTo = (mobile: string) =>
  /\b(\d{8})\b/.exec(w.t.sms.filter((s) => s.to === mobile).at(-1)?.body ?? '')?.[1];

describe('add user (walk-in customer)', () => {
  it('a merchant registers a customer at a chosen branch; a one-time code goes to that phone by SMS', async () => {
    const mobile = nextMobile('9746');
    const res = await w.t.call(
      'user/signup',
      { name: 'Walk In', mobile, userCurrncy: 'USD', password: DEFAULTS.addUserPassword, branchId: w.branchB },
      { token: w.m.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Walk In', mobile });
    const row = await w.t.db.selectFrom('customers').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      mustChangePassword: 1,
      registeredByMerchantId: w.m.id,
      registeredBranchId: w.branchB,
      currency: 'USD',
    });
    const code = codeSentTo(mobile);
    expect(code).toMatch(/^\d{8}$/);
    expect(row.passwordHash).not.toContain(code);

    // the fixed default the app sends is never a password
    const withDefault = await w.t.call('user/login', { username: mobile, password: DEFAULTS.addUserPassword });
    expect(withDefault.status).toBe(401);

    const session = await w.t.call('user/login', { username: mobile, password: code });
    expect(session.status).toBe(200);
    expect(session.body.data.mustChangePassword).toBe(true);
    const token = session.body.data.token;
    // the code opens nothing but the password change
    expect((await w.t.call('user/offer/list', {}, { token })).status).toBe(403);
    expect((await w.t.call('user/me', {}, { token })).body.data.mustChangePassword).toBe(true);
    const change = await w.t.call(
      'user/changepassword',
      { oldPassword: code, password: 'my-own-pass', confirmPassword: 'my-own-pass' },
      { token },
    );
    expect(change.status).toBe(200);
    const after = await w.t.db
      .selectFrom('customers')
      .select(['mustChangePassword', 'passwordExpiresAt'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ mustChangePassword: 0, passwordExpiresAt: null });
    expect((await w.t.call('user/login', { username: mobile, password: code })).status).toBe(401);
    const fresh = await w.t.call('user/login', { username: mobile, password: 'my-own-pass' });
    expect(fresh.body.data.mustChangePassword).toBe(false);
  });

  it('the code stops working after 24 hours; then staff can register the customer again', async () => {
    const mobile = nextMobile('9746');
    expect((await w.t.call('user/signup', { name: 'Late', mobile }, { token: w.m.token })).status).toBe(200);
    const first = codeSentTo(mobile);
    const row = await w.t.db
      .selectFrom('customers')
      .select(['id', 'passwordExpiresAt'])
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    const expiresIn = Date.parse(row.passwordExpiresAt ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
    // while the code is valid, registering again is the usual 409
    expect((await w.t.call('user/signup', { name: 'Late', mobile }, { token: w.m.token })).status).toBe(409);

    await w.t.db
      .updateTable('customers')
      .set({ passwordExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const expired = await w.t.call('user/login', { username: mobile, password: first });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('This one-time code has expired, ask the shop to send a new one');
    // a wrong password says nothing about the code
    const wrong = await w.t.call('user/login', { username: mobile, password: '00000000' });
    expect(wrong.body.message).toBe('Enter valid mobile number and password');

    const again = await w.t.call('user/signup', { name: 'Late', mobile }, { token: w.m.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: row.id, mobile });
    const second = codeSentTo(mobile);
    expect(second).not.toBe(first);
    expect((await w.t.call('user/login', { username: mobile, password: first })).status).toBe(401);
    const ok = await w.t.call('user/login', { username: mobile, password: second });
    expect(ok.status).toBe(200);
    expect(ok.body.data.mustChangePassword).toBe(true);
  });

  it("staff register at their own branch; another branch's id answers 404; couriers may not add users", async () => {
    const s = await addEmployee(w.t, w.m.token, { branchId: w.branchA, rule: 'merchantUser' });
    const c = await addEmployee(w.t, w.m.token, { branchId: w.branchA, rule: 'delivery' });
    const staff = await login(w.t, s.mobileNum, s.password);
    const mobile = nextMobile('9746');
    const foreign = await w.t.call(
      'user/signup',
      { name: 'By Staff', mobile, branchId: w.branchB },
      { token: staff.token },
    );
    expect(foreign.status).toBe(404);
    expect(await w.t.db.selectFrom('customers').select('id').where('mobile', '=', mobile).executeTakeFirst()).toBe(
      undefined,
    );
    const res = await w.t.call(
      'user/signup',
      { name: 'By Staff', mobile, branchId: w.branchA },
      { token: staff.token },
    );
    expect(res.status).toBe(200);
    const row = await w.t.db.selectFrom('customers').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ registeredBranchId: w.branchA, mustChangePassword: 1 });
    const courier = await login(w.t, c.mobileNum, c.password);
    expect(
      (await w.t.call('user/signup', { name: 'No', mobile: nextMobile('9746') }, { token: courier.token })).status,
    ).toBe(403);
  });

  it('a mobile that already has a customer account gets 409 with a clear message; a foreign branch 404', async () => {
    const mobile = nextMobile('9746');
    await w.t.call('user/signup', { name: 'First', mobile }, { token: w.m.token });
    const again = await w.t.call('user/signup', { name: 'Second', mobile }, { token: w.m.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This mobile number already has an account');
    const missing = await w.t.call('user/signup', { name: '', mobile: '' }, { token: w.m.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is a required field' },
        { field: 'mobile', message: 'Invalid Phone Num' },
      ]),
    );
    const other = await merchantFixture(w.t);
    const foreign = await addBranch(w.t, other.token, 'Not yours');
    expect(
      (
        await w.t.call(
          'user/signup',
          { name: 'X', mobile: nextMobile('9746'), branchId: foreign },
          { token: w.m.token },
        )
      ).status,
    ).toBe(404);
  });
});

describe('walk-in customers registered before the one-time codes', () => {
  it('no longer sign in with the old fixed default; staff register them again for a code', async () => {
    const walkIn = nextMobile('9746');
    const ownPassword = nextMobile('9746');
    // the old scheme's hash of the fixed default, as the server stored it before
    const salt = randomBytes(16);
    const key = scryptSync(DEFAULTS.addUserPassword, salt, 32, { N: 2 ** 12, r: 8, p: 1 });
    const oldDefaultHash = `scrypt$12$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    const t = await startTestServer({
      async beforeMigrate(database) {
        const provider = {
          getMigrations: async () => ({ '0001-init': init(database.kind), '0002-orders': orders(database.kind) }),
        };
        const { error } = await new Migrator({
          db: database.db,
          provider,
          migrationTableSchema: database.pgSchema,
        }).migrateToLatest();
        if (error) throw error;
        const now = nowIso();
        const row = {
          name: 'Old',
          currency: 'USD',
          balance: 0,
          registeredByMerchantId: null,
          registeredBranchId: null,
          createdAt: now,
          updatedAt: now,
        };
        // the columns of the older schema only
        await (database.db as unknown as Kysely<Database>)
          .insertInto('customers')
          .values([
            { ...row, mobile: walkIn, passwordHash: oldDefaultHash, mustChangePassword: 1 },
            { ...row, mobile: ownPassword, passwordHash: oldDefaultHash, mustChangePassword: 0 },
          ])
          .execute();
      },
    });
    try {
      const rows = await t.db.selectFrom('customers').select(['mobile', 'passwordExpiresAt']).orderBy('id').execute();
      expect(rows[0].passwordExpiresAt! <= nowIso()).toBe(true);
      expect(rows[1].passwordExpiresAt).toBe(null);

      const old = await t.call('user/login', { username: walkIn, password: DEFAULTS.addUserPassword });
      expect(old.status).toBe(401);
      // a customer who had chosen a password keeps it
      expect((await t.call('user/login', { username: ownPassword, password: DEFAULTS.addUserPassword })).status).toBe(
        200,
      );

      const m = await merchantFixture(t);
      expect((await t.call('user/signup', { name: 'Old', mobile: walkIn }, { token: m.token })).status).toBe(200);
      const code = /\b(\d{8})\b/.exec(t.sms.filter((x) => x.to === walkIn).at(-1)?.body ?? '')?.[1];
      const login = await t.call('user/login', { username: walkIn, password: code });
      expect(login.status).toBe(200);
      expect(login.body.data.mustChangePassword).toBe(true);
    } finally {
      await t.close();
    }
  });
});
