import { describe, expect, it } from 'vitest';
import { merchantFixture } from './harness';
import { addBranch, addEmployee, login, useStaffWorld } from './staff-fixtures';

const w = useStaffWorld();

const employeeRow = (id: number) =>
  w.t.db.selectFrom('merchantUsers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
describe('updating', () => {
  it('keeps the current values for blank fields and changes the given ones', async () => {
    const e = await addEmployee(w.t, w.m.token, { branchId: w.branchA, rule: 'merchantUser' });
    const res = await w.t.call(
      'merchant/employees/update',
      { userId: e.id, fName: 'Renamed', mName: '', lName: '   ', mobileNum: '', rule: '', branchId: '' },
      { token: w.m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      branchId: w.branchA,
      merchantUser: { fName: 'Renamed', mName: 'M', lName: 'L', mobileNum: e.mobileNum, rule: 'merchantUser' },
    });
    expect(await employeeRow(e.id)).toMatchObject({
      fName: 'Renamed',
      mName: 'M',
      lName: 'L',
      mobileNum: e.mobileNum,
      branchId: w.branchA,
    });
  });

  it('checks the mobile is numeric and free, and the branch is the merchant own', async () => {
    const e = await addEmployee(w.t, w.m.token, { branchId: w.branchA });
    const other = await addEmployee(w.t, w.m.token, { branchId: w.branchA });
    const letters = await w.t.call(
      'merchant/employees/update',
      { userId: e.id, mobileNum: '97abc' },
      { token: w.m.token },
    );
    expect(letters.status).toBe(422);
    expect(letters.body.errors).toContainEqual({ field: 'mobileNum', message: 'Invalid Phone Num' });
    const taken = await w.t.call(
      'merchant/employees/update',
      { userId: e.id, mobileNum: other.mobileNum },
      { token: w.m.token },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This mobile number already has an account');
    // its own mobile is not "taken"
    expect(
      (await w.t.call('merchant/employees/update', { userId: e.id, mobileNum: e.mobileNum }, { token: w.m.token }))
        .status,
    ).toBe(200);
    const otherMerchant = await merchantFixture(w.t);
    const foreignBranch = await addBranch(w.t, otherMerchant.token, 'Far');
    expect(
      (await w.t.call('merchant/employees/update', { userId: e.id, branchId: foreignBranch }, { token: w.m.token }))
        .status,
    ).toBe(404);
    expect(
      (await w.t.call('merchant/employees/update', { userId: e.id, fName: 'Hack' }, { token: otherMerchant.token }))
        .status,
    ).toBe(404);
    expect((await employeeRow(e.id)).fName).not.toBe('Hack');
  });

  it('moving or deactivating someone ends their sessions; a rename does not', async () => {
    const e = await addEmployee(w.t, w.m.token, { branchId: w.branchA, rule: 'merchantUser' });
    const token = (await login(w.t, e.mobileNum, e.password)).token;
    await w.t.call('merchant/employees/update', { userId: e.id, fName: 'Still' }, { token: w.m.token });
    expect((await w.t.call('merchantUser/me', {}, { token })).status).toBe(200);
    await w.t.call('merchant/employees/update', { userId: e.id, branchId: w.branchB }, { token: w.m.token });
    expect((await w.t.call('merchantUser/me', {}, { token })).status).toBe(401);
    const again = await login(w.t, e.mobileNum, e.password);
    expect((await w.t.call('merchantUser/me', {}, { token: again.token })).body.data).toMatchObject({
      branchId: w.branchB,
      Branch: { branchName: 'Second' },
    });
    await w.t.call('merchant/employees/update', { userId: e.id, isActive: false }, { token: w.m.token });
    expect((await w.t.call('merchantUser/me', {}, { token: again.token })).status).toBe(401);
    expect((await w.t.call('merchant/login', { username: e.mobileNum, password: e.password })).status).toBe(403);
    const listed = await w.t.call('merchant/user/details', { merchantUserId: e.id }, { token: w.m.token });
    expect(listed.body.data.merchantUser.isActive).toBe(false);
    // reactivated: the old token stays dead, a new login works
    await w.t.call('merchant/employees/update', { userId: e.id, isActive: true }, { token: w.m.token });
    expect((await w.t.call('merchantUser/me', {}, { token: again.token })).status).toBe(401);
    expect((await w.t.call('merchant/login', { username: e.mobileNum, password: e.password })).status).toBe(200);
  });

  it('a new rule takes effect at the next login', async () => {
    const e = await addEmployee(w.t, w.m.token, { branchId: w.branchA, rule: 'delivery' });
    await w.t.call('merchant/employees/update', { userId: e.id, rule: 'merchantUser' }, { token: w.m.token });
    const s = await login(w.t, e.mobileNum, e.password);
    expect(s.rule).toBe('merchantUser');
  });
});

describe('staff and courier logins', () => {
  it('log in through merchant/login with their rule, employer id and own id, and see their profile', async () => {
    const s = await addEmployee(w.t, w.m.token, { branchId: w.branchA, rule: 'merchantUser', fName: 'Nour' });
    const c = await addEmployee(w.t, w.m.token, { branchId: w.branchB, rule: 'delivery', fName: 'Khalid' });
    const staff = await login(w.t, s.mobileNum, s.password);
    expect(staff).toMatchObject({ rule: 'merchantUser', isAproved: true, id: w.m.id, userId: s.id });
    const courier = await login(w.t, c.mobileNum, c.password);
    expect(courier).toMatchObject({ rule: 'delivery', id: w.m.id, userId: c.id });
    const me = await w.t.call('merchantUser/me', {}, { token: staff.token });
    expect(me.body.data).toMatchObject({
      rule: 'merchantUser',
      mobile: s.mobileNum,
      name: 'Nour M L',
      merchant: { id: w.m.id, name: w.m.name },
      merchantUser: { fName: 'Nour', isActive: true },
    });
    const cme = await w.t.call('merchantUser/me', {}, { token: courier.token });
    expect(cme.body.data).toMatchObject({ rule: 'delivery', branchId: w.branchB });
    // neither can manage employees
    for (const token of [staff.token, courier.token]) {
      expect((await w.t.call('merchant/user/list', {}, { token })).status).toBe(403);
      expect((await w.t.call('merchant/addEmployee', {}, { token })).status).toBe(403);
    }
  });
});
