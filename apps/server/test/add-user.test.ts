import { DEFAULTS } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { merchantFixture, nextMobile } from './harness';
import { addBranch, addEmployee, login, useStaffWorld } from './staff-fixtures';

const w = useStaffWorld();

describe('add user (walk-in customer)', () => {
  it('a merchant registers a customer at a chosen branch with the default password, who must change it', async () => {
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

    const session = await w.t.call('user/login', { username: mobile, password: DEFAULTS.addUserPassword });
    expect(session.body.data.mustChangePassword).toBe(true);
    const token = session.body.data.token;
    // the known default password opens nothing but the password change
    expect((await w.t.call('user/offer/list', {}, { token })).status).toBe(403);
    expect((await w.t.call('user/me', {}, { token })).body.data.mustChangePassword).toBe(true);
    const change = await w.t.call(
      'user/changepassword',
      { oldPassword: DEFAULTS.addUserPassword, password: 'my-own-pass', confirmPassword: 'my-own-pass' },
      { token },
    );
    expect(change.status).toBe(200);
    expect(
      (
        await w.t.db
          .selectFrom('customers')
          .select('mustChangePassword')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).mustChangePassword,
    ).toBe(0);
    expect((await w.t.call('user/login', { username: mobile, password: DEFAULTS.addUserPassword })).status).toBe(401);
    const fresh = await w.t.call('user/login', { username: mobile, password: 'my-own-pass' });
    expect(fresh.body.data.mustChangePassword).toBe(false);
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
