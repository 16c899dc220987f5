/**
 * What recovers an account needs proof (docs/security.md, "Changing the sign-in mobile", "Codes by
 * text", "Password hashing"): a stolen session token cannot move the sign-in mobile (and with it the
 * reset codes) to another phone; parallel guesses of a reset code get 5 tries in all; wrong old
 * passwords are counted like sign-ins and cannot crowd sign-ins out of the hashing capacity.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/lib/rate-limit';
import { lastCodeTo, merchantFixture, nextMobile, type Res, startTestServer, type TestServer } from './harness';
import { addBranch, addEmployee, login } from './staff-fixtures';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const statuses = (list: Res[]) => {
  const out: Record<number, number> = {};
  for (const r of list) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
};
const merchantMobile = async (server: TestServer, id: number) =>
  (await server.db.selectFrom('merchants').select('mobile').where('id', '=', id).executeTakeFirstOrThrow()).mobile;

describe('changing the sign-in mobile (merchant/updateProfile)', () => {
  it('a session token alone cannot change it: the current password is required, and a wrong one is counted', async () => {
    t = await startTestServer({ loginLimits: { perPhone: { ...LOGIN_LIMITS.perPhone, baseMs: 60_000 } } });
    const server = t;
    const m = await merchantFixture(server);
    const stolen = m.token;
    const attacker = nextMobile();

    const bare = await server.call(
      'merchant/updateProfile',
      { fName: 'Mine now', mobile: attacker },
      { token: stolen },
    );
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual([
      { field: 'password', message: 'Enter your current password to change the mobile number' },
    ]);
    expect(await merchantMobile(server, m.id)).toBe(m.mobile);

    // wrong passwords count like sign-ins of that phone: after the free ones, the phone waits
    const guesses: Res[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perPhone.free + 1; i++)
      guesses.push(
        await server.call(
          'merchant/updateProfile',
          { fName: 'Mine now', mobile: attacker, password: `guess-${i}` },
          { token: stolen },
        ),
      );
    expect(statuses(guesses)).toEqual({ 422: LOGIN_LIMITS.perPhone.free, 429: 1 });
    expect(guesses[0].body.errors).toEqual([{ field: 'password', message: 'The current password is not correct' }]);
    expect(await merchantMobile(server, m.id)).toBe(m.mobile);
    // …and so does the owner's own sign-in from then on: the guesser is slowed, not given more tries
    expect((await server.call('merchant/login', { username: m.mobile, password: m.password })).status).toBe(429);

    // the reset code still goes to the owner's phone, never the attacker's
    await server.call('merchant/forgetpassword', { mobile: attacker });
    expect(server.sms.filter((s) => s.to === attacker)).toEqual([]);
  });

  it('with the current password: changed, every other session ends, and the old number is told', async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    const other = (await server.call('merchant/login', { username: m.mobile, password: m.password })).body.data.token;
    const mobile = nextMobile();
    const res = await server.call(
      'merchant/updateProfile',
      { fName: 'Moved', mobile, password: m.password },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Moved', mobile });
    expect((await server.call('merchant/me', {}, { token: m.token })).status).toBe(200);
    expect((await server.call('merchant/me', {}, { token: other })).status).toBe(401);
    const told = server.sms.filter((s) => s.to === m.mobile);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(mobile.slice(-4));
    expect(told[0].body).not.toContain(mobile);
    expect((await server.call('merchant/login', { username: mobile, password: m.password })).status).toBe(200);
    expect((await server.call('merchant/login', { username: m.mobile, password: m.password })).status).toBe(401);

    // the same mobile again needs no password and ends nothing
    const again = (await server.call('merchant/login', { username: mobile, password: m.password })).body.data.token;
    const rename = await server.call('merchant/updateProfile', { fName: 'Renamed', mobile }, { token: m.token });
    expect(rename.status).toBe(200);
    expect((await server.call('merchant/me', {}, { token: again })).status).toBe(200);
  });

  it("a staff member's mobile changed by the owner ends that staff member's sessions", async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    const branch = await addBranch(server, m.token, 'Main');
    const e = await addEmployee(server, m.token, { branchId: branch, rule: 'merchantUser' });
    const staff = (await login(server, e.mobileNum, e.password)).token;
    const mobileNum = nextMobile('9743');
    const res = await server.call('merchant/employees/update', { userId: e.id, mobileNum }, { token: m.token });
    expect(res.status).toBe(200);
    expect((await server.call('merchantUser/me', {}, { token: staff })).status).toBe(401);
  });
});

describe('reset codes: a try is counted before the code is compared', () => {
  it('30 parallel wrong guesses get 5 tries in all; the right code is dead afterwards', async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    expect((await server.call('merchant/forgetpassword', { mobile: m.mobile })).status).toBe(200);
    const code = lastCodeTo(server, m.mobile);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        server.call('merchant/forgetpassword', {
          mobile: m.mobile,
          code: wrong(i),
          password: 'guessed-pass-1',
          confirmPassword: 'guessed-pass-1',
        }),
      ),
    );
    expect(statuses(guesses)).toEqual({ 422: 30 });
    const row = await server.db
      .selectFrom('verificationCodes')
      .select(['attempts', 'usedAt'])
      .where('subjectType', '=', 'merchant')
      .where('subjectId', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 5, usedAt: null });
    const right = await server.call('merchant/forgetpassword', {
      mobile: m.mobile,
      code,
      password: 'owner-pass-1',
      confirmPassword: 'owner-pass-1',
    });
    expect(right.status).toBe(422);
    expect((await server.call('merchant/login', { username: m.mobile, password: m.password })).status).toBe(200);
  });
});

describe('password changes cannot monopolise hashing', () => {
  it('wrong old passwords are counted like sign-ins of the account', async () => {
    t = await startTestServer({ loginLimits: { perPhone: { ...LOGIN_LIMITS.perPhone, baseMs: 60_000 } } });
    const server = t;
    const m = await merchantFixture(server);
    const tries: Res[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perPhone.free + 1; i++)
      tries.push(
        await server.call(
          'merchant/changepassword',
          { oldPassword: `wrong-${i}`, password: 'new-pass-12', confirmPassword: 'new-pass-12' },
          { token: m.token },
        ),
      );
    expect(tries.map((r) => r.status)).toEqual([...Array(LOGIN_LIMITS.perPhone.free).fill(422), 429]);
    expect(tries[0].body.errors).toEqual([{ field: 'oldPassword', message: 'The current password is not correct' }]);
    expect(tries.at(-1)?.body.message).toMatch(/^Too many sign-in attempts/);
  });

  it("100 parallel password changes of one account leave another merchant's sign-in under a second", async () => {
    t = await startTestServer({
      // a long first wait keeps the count exact however long the flood takes on a busy machine
      loginLimits: { perPhone: { ...LOGIN_LIMITS.perPhone, baseMs: 60_000 } },
      hashCost: { memoryKiB: 19_456, iterations: 2, parallelism: 1 },
      hashing: { concurrency: 2, maxWaiting: 64, otherConcurrency: 1, otherMaxWaiting: 16 },
    });
    const server = t;
    const owner = await merchantFixture(server);
    // how long a sign-in takes on this machine right now, without the flood
    let started = Date.now();
    expect((await server.call('merchant/login', { username: owner.mobile, password: owner.password })).status).toBe(
      200,
    );
    const alone = Date.now() - started;
    // a self-registered account, not even approved, floods the password change
    const flooder = await merchantFixture(server, { approved: false });
    const flood = Array.from({ length: 100 }, (_, i) =>
      server.call(
        'merchant/changepassword',
        { oldPassword: `wrong-${i}`, password: 'new-pass-12', confirmPassword: 'new-pass-12' },
        { token: flooder.token },
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    started = Date.now();
    const signIn = await server.call('merchant/login', { username: owner.mobile, password: owner.password });
    const took = Date.now() - started;
    const answers = await Promise.all(flood);
    expect(signIn.status).toBe(200);
    // under a second (or, on a machine so loaded that one sign-in alone takes longer, not slowed down
    // beyond a few hashes' time: before, it waited behind the flood's 64 queued hashes, or got 503)
    expect(took, `alone ${alone} ms`).toBeLessThan(Math.max(1000, 4 * alone));
    // one check of the flooder's password at a time, and no more wrong ones than a sign-in gets
    const counts = statuses(answers);
    expect(Object.keys(counts).every((s) => s === '422' || s === '429')).toBe(true);
    expect(counts[422] ?? 0).toBeLessThanOrEqual(LOGIN_LIMITS.perPhone.free);
    expect(answers.find((r) => r.status === 429)?.headers.get('retry-after')).toBeTruthy();
  });
});
