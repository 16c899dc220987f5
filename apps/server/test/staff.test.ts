import { describe, expect, it } from 'vitest';
import { merchantFixture, nextMobile } from './harness';
import { addBranch, addEmployee, useStaffWorld } from './staff-fixtures';

const w = useStaffWorld();

const employeeRow = (id: number) =>
  w.t.db.selectFrom('merchantUsers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
describe('adding staff and couriers', () => {
  it('adds a staff member to a branch, stores a hashed password and answers the employee', async () => {
    const mobileNum = nextMobile('9743');
    const res = await w.t.call(
      'merchant/addEmployee',
      {
        branchId: w.branchA,
        fName: 'Huda',
        mName: 'S',
        lName: 'Ali',
        mobileNum,
        password: 'staff-pass-1',
        rule: 'merchantUser',
        ownerId: w.m.id,
      },
      { token: w.m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Huda S Ali',
      branchId: w.branchA,
      Branch: { id: w.branchA, branchName: 'Main' },
      merchantUser: { rule: 'merchantUser', mobileNum, isActive: true, fName: 'Huda', mName: 'S', lName: 'Ali' },
    });
    const row = await employeeRow(res.body.data.id);
    expect(row).toMatchObject({ merchantId: w.m.id, branchId: w.branchA, rule: 'merchantUser', isActive: 1 });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers every missing field with the spec messages, in English and Arabic', async () => {
    const res = await w.t.call('merchant/addEmployee', {}, { token: w.m.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'branchId', message: 'Please choose a branch' },
        { field: 'fName', message: 'Field is required' },
        { field: 'mName', message: 'Field is required' },
        { field: 'lName', message: 'Field is required' },
        { field: 'mobileNum', message: 'Field is required' },
        { field: 'password', message: 'Field is required' },
        { field: 'rule', message: 'Field is required' },
      ]),
    );
    const ar = await w.t.call('merchant/addEmployee', { fName: 'x' }, { token: w.m.token, lang: 'ar' });
    expect(ar.body.errors).toContainEqual({ field: 'branchId', message: 'الرجاء اختيار فرع' });
    const badRule = await w.t.call(
      'merchant/addEmployee',
      {
        branchId: w.branchA,
        fName: 'a',
        mName: 'b',
        lName: 'c',
        mobileNum: nextMobile('9743'),
        password: 'abcdef',
        rule: 'merchant',
      },
      { token: w.m.token },
    );
    expect(badRule.status).toBe(422);
  });

  it('refuses a mobile already used by a merchant or another employee (409 with a message)', async () => {
    const first = await addEmployee(w.t, w.m.token, { branchId: w.branchA });
    for (const mobileNum of [first.mobileNum, w.m.mobile]) {
      const res = await w.t.call(
        'merchant/addEmployee',
        {
          branchId: w.branchA,
          fName: 'Dup',
          mName: 'D',
          lName: 'D',
          mobileNum,
          password: 'staff-pass-2',
          rule: 'delivery',
        },
        { token: w.m.token },
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This mobile number already has an account');
      // the form shows it under the mobile field
      expect(res.body.errors).toEqual([{ field: 'mobileNum', message: 'This mobile number already has an account' }]);
    }
    const ar = await w.t.call(
      'merchant/addEmployee',
      {
        branchId: w.branchA,
        fName: 'Dup',
        mName: 'D',
        lName: 'D',
        mobileNum: first.mobileNum,
        password: 'staff-pass-2',
        rule: 'delivery',
      },
      { token: w.m.token, lang: 'ar' },
    );
    expect(ar.body.message).toBe('رقم الجوال هذا لديه حساب بالفعل');
  });

  it("refuses another merchant's branch with 404 and creates nothing", async () => {
    const other = await merchantFixture(w.t);
    const otherBranch = await addBranch(w.t, other.token, 'Elsewhere');
    const mobileNum = nextMobile('9743');
    const res = await w.t.call(
      'merchant/addEmployee',
      {
        branchId: otherBranch,
        fName: 'X',
        mName: 'Y',
        lName: 'Z',
        mobileNum,
        password: 'staff-pass-2',
        rule: 'merchantUser',
      },
      { token: w.m.token },
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Branch not found');
    expect(
      await w.t.db.selectFrom('merchantUsers').select('id').where('mobileNum', '=', mobileNum).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('listing and details', () => {
  it('lists by rule and branch with rows and count, newest first, paged', async () => {
    const own = await merchantFixture(w.t);
    const b1 = await addBranch(w.t, own.token, 'One');
    const b2 = await addBranch(w.t, own.token, 'Two');
    const s1 = await addEmployee(w.t, own.token, { branchId: b1, rule: 'merchantUser' });
    const c1 = await addEmployee(w.t, own.token, { branchId: b1, rule: 'delivery' });
    const c2 = await addEmployee(w.t, own.token, { branchId: b2, rule: 'delivery' });
    const all = await w.t.call('merchant/user/list', { limit: 1000, pageNum: 1 }, { token: own.token });
    expect(all.body.data.count).toBe(3);
    expect(all.body.data.rows.map((r: { id: number }) => r.id)).toEqual([c2.id, c1.id, s1.id]);
    const couriers = await w.t.call('merchant/user/list', { rule: 'delivery' }, { token: own.token });
    expect(couriers.body.data).toMatchObject({ count: 2, rows: [{ id: c2.id }, { id: c1.id }] });
    expect(couriers.body.data.rows[0].merchantUser).toEqual({
      id: c2.id,
      rule: 'delivery',
      mobileNum: c2.mobileNum,
      isActive: true,
      fName: c2.fName,
      mName: 'M',
      lName: 'L',
    });
    const atB1 = await w.t.call('merchant/user/list', { rule: 'delivery', branchId: b1 }, { token: own.token });
    expect(atB1.body.data).toMatchObject({ count: 1, rows: [{ id: c1.id, branchId: b1 }] });
    const page2 = await w.t.call('merchant/user/list', { limit: 2, pageNum: 2 }, { token: own.token });
    expect(page2.body.data).toMatchObject({ count: 3, rows: [{ id: s1.id }] });
    // nobody else's staff shows up, and another merchant's branch is not a filter
    expect(
      (await w.t.call('merchant/user/list', {}, { token: w.m.token })).body.data.rows.map((r: { id: number }) => r.id),
    ).not.toContain(s1.id);
    expect((await w.t.call('merchant/user/list', { branchId: b1 }, { token: w.m.token })).status).toBe(404);
  });

  it('answers details with branchId and the product requests assigned (none for a new courier); another merchant gets 404', async () => {
    const c = await addEmployee(w.t, w.m.token, { branchId: w.branchB, rule: 'delivery' });
    const res = await w.t.call('merchant/user/details', { merchantUserId: c.id }, { token: w.m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: c.id,
      branchId: w.branchB,
      merchantUser: { rule: 'delivery', ProductRequests: [] },
    });
    const other = await merchantFixture(w.t);
    const foreign = await w.t.call('merchant/user/details', { merchantUserId: c.id }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Employee not found' });
    expect((await w.t.call('merchant/user/details', { merchantUserId: 999999 }, { token: w.m.token })).status).toBe(
      404,
    );
  });
});
