import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaff, merchantFixture, nextMobile, signUpCustomer, startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const staffFixture = (merchantId: number, rule: 'merchantUser' | 'delivery', isActive = 1) =>
  insertStaff(t, merchantId, { rule, isActive, lName: rule });

describe('merchant signup and approval', () => {
  it('creates a merchant under review and answers rule, isAproved, id and token', async () => {
    const mobile = nextMobile();
    const res = await t.call('merchant/signup', {
      name: 'Cafe',
      mobile: `+${mobile}`,
      password: 'cafe-pass-12',
      check: 'true',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rule: 'merchant', isAproved: false });
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    const row = await t.db.selectFrom('merchants').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('cafe-pass-12');
    // the token is stored only as a hash
    const sessions = await t.db.selectFrom('sessions').selectAll().where('subjectId', '=', row.id).execute();
    expect(sessions.map((s) => s.tokenHash)).not.toContain(res.body.data.token);
  });

  it('answers 422 with every field error of the form', async () => {
    const res = await t.call('merchant/signup', { name: '', mobile: '12', password: '' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBeTruthy();
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is a required field' },
        { field: 'mobile', message: 'Invalid Phone Num' },
        { field: 'password', message: 'Password is a required field' },
        { field: 'check', message: 'Accept privacy policy' },
      ]),
    );
  });

  it('refuses a name without a letter with "Please enter valid name" (SPEC §5, issue 23)', async () => {
    for (const name of ['12345', '---', 'x'.repeat(101)]) {
      const res = await t.call('merchant/signup', {
        name,
        mobile: nextMobile(),
        password: 'cafe-pass-12',
        check: 'true',
      });
      expect(res.status, name).toBe(422);
      expect(res.body.errors).toContainEqual({ field: 'name', message: 'Please enter valid name' });
    }
  });

  it('answers validation messages in Arabic when asked', async () => {
    const res = await t.call(
      'merchant/signup',
      { name: '', mobile: '97455', password: 'abcdef', check: true },
      { lang: 'ar' },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: 'name', message: 'الاسم حقل مطلوب' });
  });

  it('refuses a mobile that already has an account with 409', async () => {
    const m = await merchantFixture(t);
    const res = await t.call('merchant/signup', {
      name: 'Again',
      mobile: m.mobile,
      password: 'cafe-pass-12',
      check: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This mobile number already has an account');
  });

  it('keeps a merchant under review out of the dashboard calls until approved', async () => {
    const m = await merchantFixture(t, { approved: false });
    const me = await t.call('merchant/me', {}, { token: m.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ isAproved: false, status: 'pending', balance: 0 });
    const live = await t.call('merchant/goLive', { isLive: true }, { token: m.token });
    expect(live.status).toBe(403);
    expect(live.body.message).toBe('Your account is under review');

    await t.op.approveMerchant(m.mobile);
    const login = await t.call('merchant/login', { username: m.mobile, password: m.password });
    expect(login.body.data).toMatchObject({ rule: 'merchant', isAproved: true, id: m.id });
    const live2 = await t.call('merchant/goLive', { isLive: true }, { token: login.body.data.token });
    expect(live2.status).toBe(200);
    expect(live2.body.data).toEqual({ isLive: true });
    const again = await t.call('merchant/goLive', { isLive: 'true' }, { token: login.body.data.token });
    expect(again.body.data).toEqual({ isLive: true });
    const row = await t.db.selectFrom('merchants').select('isLive').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.isLive).toBe(1);
  });

  it('suspending a merchant ends its sessions and refuses its login', async () => {
    const m = await merchantFixture(t);
    await t.op.suspendMerchant(m.mobile);
    expect((await t.call('merchant/me', {}, { token: m.token })).status).toBe(401);
    const login = await t.call('merchant/login', { username: m.mobile, password: m.password });
    expect(login.status).toBe(403);
  });
});

describe('login for the three roles', () => {
  it('logs in a merchant, a staff member and a courier with their rule', async () => {
    const m = await merchantFixture(t);
    const staff = await staffFixture(m.id, 'merchantUser');
    const courier = await staffFixture(m.id, 'delivery');
    const a = await t.call('merchant/login', {
      username: m.mobile,
      password: m.password,
      deviceId: 'd1',
      deviceToken: 'x',
      lastLogin: '',
    });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ rule: 'merchant', isAproved: true, id: m.id });
    const b = await t.call(
      'merchant/login',
      { username: staff.mobileNum, password: staff.password },
      { urlencoded: true },
    );
    expect(b.body.data).toMatchObject({ rule: 'merchantUser', isAproved: true, id: m.id, userId: staff.id });
    const c = await t.call('merchant/login', {
      username: staff.mobileNum.replace(/^974/, '+974 '),
      password: staff.password,
    });
    expect(c.status).toBe(200);
    const d = await t.call('merchant/login', { username: courier.mobileNum, password: courier.password });
    expect(d.body.data).toMatchObject({ rule: 'delivery', id: m.id, userId: courier.id });

    const me = await t.call('merchantUser/me', {}, { token: b.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ rule: 'merchantUser', merchantUser: { fName: 'Sami', isActive: true } });
    // a staff token cannot use merchant calls, and a courier cannot use staff-only ones
    expect((await t.call('merchant/me', {}, { token: b.body.data.token })).status).toBe(403);
    expect((await t.call('merchantUser/offer/list', {}, { token: d.body.data.token })).status).toBe(403);
    expect((await t.call('merchantUser/me', {}, { token: d.body.data.token, bearer: true })).status).toBe(200);
  });

  it('refuses an inactive staff member', async () => {
    const m = await merchantFixture(t);
    const staff = await staffFixture(m.id, 'merchantUser', 0);
    const res = await t.call('merchant/login', { username: staff.mobileNum, password: staff.password });
    expect(res.status).toBe(403);
  });

  it('answers the same for an unknown phone and a wrong password', async () => {
    const m = await merchantFixture(t);
    const wrong = await t.call('merchant/login', { username: m.mobile, password: 'nope-nope' });
    const unknown = await t.call('merchant/login', { username: nextMobile(), password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('after five failures the phone waits, even with the right password (docs/security.md)', async () => {
    const m = await merchantFixture(t);
    for (let i = 0; i < 5; i++)
      expect((await t.call('merchant/login', { username: m.mobile, password: `bad-${i}` })).status).toBe(401);
    const waiting = await t.call('merchant/login', { username: m.mobile, password: m.password });
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect(waiting.body.message).toBe('Too many sign-in attempts, try again in 1\u00a0s');
  });
});

describe('sessions', () => {
  it('401 without a token, with a bad token, and after logout', async () => {
    expect((await t.call('merchant/me')).status).toBe(401);
    expect((await t.call('merchant/me', {}, { token: 'not-a-token' })).status).toBe(401);
    const m = await merchantFixture(t);
    const login = await t.call('merchant/login', { username: m.mobile, password: m.password });
    const token = login.body.data.token;
    expect((await t.call('merchant/me', {}, { token })).status).toBe(200);
    expect((await t.call('merchant/logout', {}, { token })).status).toBe(200);
    const after = await t.call('merchant/me', {}, { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Your session has ended, please log in again' });
    // the other session is still alive
    expect((await t.call('merchant/me', {}, { token: m.token })).status).toBe(200);
  });

  it('an expired token is refused', async () => {
    const m = await merchantFixture(t);
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('subjectId', '=', m.id)
      .where('subjectType', '=', 'merchant')
      .execute();
    expect((await t.call('merchant/me', {}, { token: m.token })).status).toBe(401);
  });

  it('a customer token cannot call merchant endpoints', async () => {
    const { mobile, password } = await signUpCustomer(t, { name: 'Cust' });
    const login = await t.call('user/login', { username: mobile, password });
    expect(login.status).toBe(200);
    expect((await t.call('merchant/me', {}, { token: login.body.data.token })).status).toBe(403);
    const me = await t.call('user/me', {}, { token: login.body.data.token });
    expect(me.body.data).toMatchObject({ mobile, balance: 0, mustChangePassword: false });
  });
});

describe('passwords', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const m = await merchantFixture(t);
    const other = (await t.call('merchant/login', { username: m.mobile, password: m.password })).body.data.token;
    const mismatch = await t.call(
      'merchant/changepassword',
      { oldPassword: m.password, password: 'new-pass-1', confirmPassword: 'new-pass-2' },
      { token: m.token },
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toContainEqual({ field: 'confirmPassword', message: "Passwords don't match!" });
    const wrongOld = await t.call(
      'merchant/changepassword',
      { oldPassword: 'wrong-old', password: 'new-pass-1', confirmPassword: 'new-pass-1' },
      { token: m.token },
    );
    expect(wrongOld.status).toBe(422);
    const ok = await t.call(
      'merchant/changepassword',
      { oldPassword: m.password, password: 'new-pass-1', confirmPassword: 'new-pass-1' },
      { token: m.token },
    );
    expect(ok.status).toBe(200);
    expect((await t.call('merchant/me', {}, { token: m.token })).status).toBe(200);
    expect((await t.call('merchant/me', {}, { token: other })).status).toBe(401);
    expect((await t.call('merchant/login', { username: m.mobile, password: m.password })).status).toBe(401);
    expect((await t.call('merchant/login', { username: m.mobile, password: 'new-pass-1' })).status).toBe(200);
  });

  it('resets a forgotten password with the code sent by SMS, once', async () => {
    const m = await merchantFixture(t);
    const unknown = await t.call('merchant/forgetpassword', { mobile: nextMobile() });
    const sent = await t.call('merchant/forgetpassword', { mobile: m.mobile });
    expect(sent.status).toBe(200);
    expect(unknown.body).toEqual(sent.body);
    const sms = t.sms.filter((s) => s.to === m.mobile).at(-1);
    const code = /(\d{6})/.exec(sms?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await t.call('merchant/forgetpassword', {
      mobile: m.mobile,
      code: wrongCode,
      password: 'reset-pass-1',
      confirmPassword: 'reset-pass-1',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('code');

    const ok = await t.call('merchant/forgetpassword', {
      mobile: m.mobile,
      code,
      password: 'reset-pass-1',
      confirmPassword: 'reset-pass-1',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ rule: 'merchant', id: m.id });
    expect((await t.call('merchant/me', {}, { token: m.token })).status).toBe(401);
    expect((await t.call('merchant/me', {}, { token: ok.body.data.token })).status).toBe(200);
    const reuse = await t.call('merchant/forgetpassword', {
      mobile: m.mobile,
      code,
      password: 'other-pass-1',
      confirmPassword: 'other-pass-1',
    });
    expect(reuse.status).toBe(422);
    expect((await t.call('merchant/login', { username: m.mobile, password: 'reset-pass-1' })).status).toBe(200);
  });
});

describe('profile', () => {
  it('updates name and mobile, refusing a mobile in use', async () => {
    const a = await merchantFixture(t);
    const b = await merchantFixture(t);
    const taken = await t.call(
      'merchant/updateProfile',
      { fName: 'New', mobile: b.mobile, password: a.password },
      { token: a.token },
    );
    expect(taken.status).toBe(409);
    const mobile = nextMobile();
    const ok = await t.call(
      'merchant/updateProfile',
      { fName: 'New Name', mobile, hotLine: '44001122', password: a.password },
      { token: a.token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'New Name', mobile, MerchantProfile: { hotLine: '44001122' } });
  });

  it('says "Please enter valid mobile number" and "Please enter valid name" (SPEC §5, issue 23)', async () => {
    const a = await merchantFixture(t);
    const res = await t.call('merchant/updateProfile', { fName: '1234', mobile: '12' }, { token: a.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'mobile', message: 'Please enter valid mobile number' },
        { field: 'fName', message: 'Please enter valid name' },
      ]),
    );
  });

  it('keeps the currency the money is shown in: USD by default, QAR when chosen, nothing else (issue 23)', async () => {
    const a = await merchantFixture(t);
    const me = await t.call('merchant/me', {}, { token: a.token });
    expect(me.body.data.userCurrncy).toBe('USD');
    const mobile = me.body.data.mobile;
    const qar = await t.call(
      'merchant/updateProfile',
      { fName: 'Cafe', mobile, userCurrncy: 'QAR' },
      { token: a.token },
    );
    expect(qar.status).toBe(200);
    expect(qar.body.data.userCurrncy).toBe('QAR');
    const row = await t.db.selectFrom('merchants').select('currency').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.currency).toBe('QAR');
    // a profile update without it keeps the choice
    const kept = await t.call('merchant/updateProfile', { fName: 'Cafe', mobile }, { token: a.token });
    expect(kept.body.data.userCurrncy).toBe('QAR');
    const bad = await t.call(
      'merchant/updateProfile',
      { fName: 'Cafe', mobile, userCurrncy: 'EUR' },
      { token: a.token },
    );
    expect(bad.status).toBe(422);
  });
});
