/**
 * Customers prove their phone, and texts cost money (docs/security.md, "Customers prove their
 * phone", "Texts"): a self sign-up stays unconfirmed until the texted code comes back; a proven
 * owner takes back a number someone else signed up with; customers reset a forgotten password like
 * staff; walk-in registrations and self-service texts are limited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  lastCodeTo,
  merchantFixture,
  nextMobile,
  type Res,
  signUpCustomer,
  staffLogin,
  startTestServer,
  type TestServer,
} from './harness';
import { addBranch } from './staff-fixtures';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const customerRow = (server: TestServer, mobile: string) =>
  server.db.selectFrom('customers').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
const signup = (server: TestServer, mobile: string, password: string, name = 'Noor') =>
  server.call('user/signup', { name, mobile, password, userCurrncy: 'USD' });
const verify = (server: TestServer, mobile: string, code: string, password: string) =>
  server.call('user/verify', { mobile, code, password });

describe('a self sign-up confirms the number with a texted code', () => {
  it('cannot sign in until the code comes back; the code is kept only as a hash', async () => {
    t = await startTestServer();
    const server = t;
    const mobile = nextMobile('9746');
    const res = await signup(server, mobile, 'noor-pass-12');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mobile, name: 'Noor' });
    expect((await customerRow(server, mobile)).verifiedAt).toBe(null);

    const early = await server.call('user/login', { username: mobile, password: 'noor-pass-12' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Confirm your mobile number with the code we texted you before signing in');
    // a wrong password still answers like any wrong password (the 403 only to the password's holder)
    expect((await server.call('user/login', { username: mobile, password: 'other-pass-12' })).status).toBe(401);

    const code = lastCodeTo(server, mobile);
    const stored = await server.db
      .selectFrom('verificationCodes')
      .selectAll()
      .where('purpose', '=', 'phone_verify')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrongCode = await verify(server, mobile, code === '000000' ? '111111' : '000000', 'noor-pass-12');
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.errors).toEqual([{ field: 'code', message: 'The code is not valid or has expired' }]);
    // the right code with a wrong password confirms nothing
    expect((await verify(server, mobile, code, 'other-pass-12')).status).toBe(401);
    expect((await customerRow(server, mobile)).verifiedAt).toBe(null);

    const ok = await verify(server, mobile, code, 'noor-pass-12');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ mustChangePassword: false });
    expect((await server.call('user/me', {}, { token: ok.body.data.token })).body.data).toMatchObject({ mobile });
    expect((await customerRow(server, mobile)).verifiedAt).not.toBe(null);
    expect((await server.call('user/login', { username: mobile, password: 'noor-pass-12' })).status).toBe(200);
    // used once; and a confirmed number cannot be signed up again
    expect((await verify(server, mobile, code, 'noor-pass-12')).status).toBe(422);
    expect((await signup(server, mobile, 'late-pass-12')).status).toBe(409);
  });

  it('a code gets 5 tries, even in parallel; a new one can be asked for', async () => {
    t = await startTestServer();
    const server = t;
    const mobile = nextMobile('9746');
    await signup(server, mobile, 'noor-pass-12');
    const code = lastCodeTo(server, mobile);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(server, mobile, wrong(i), 'x')));
    expect(guesses.every((r) => r.status === 422)).toBe(true);
    expect((await verify(server, mobile, code, 'noor-pass-12')).status).toBe(422);

    const unknown = await server.call('user/verify/resend', { mobile: nextMobile('9746') });
    const resent = await server.call('user/verify/resend', { mobile });
    expect(resent.status).toBe(200);
    expect(unknown.body).toEqual(resent.body);
    expect((await verify(server, mobile, lastCodeTo(server, mobile), 'noor-pass-12')).status).toBe(200);
  });

  it('a proven owner takes back a number someone else signed up with', async () => {
    t = await startTestServer();
    const server = t;
    const mobile = nextMobile('9746');
    expect((await signup(server, mobile, 'squatter-pass-1', 'Squatter')).status).toBe(200);
    const squattersCode = lastCodeTo(server, mobile);
    // the owner signs up with their own number: not 409, the unconfirmed account is taken over
    const owner = await signup(server, mobile, 'owner-pass-12', 'Owner');
    expect(owner.status).toBe(200);
    // a code the squatter's sign-up sent does not confirm the squatter's password, nor any more at all
    expect((await verify(server, mobile, squattersCode, 'squatter-pass-1')).status).toBe(422);
    const code = lastCodeTo(server, mobile);
    expect((await verify(server, mobile, code, 'squatter-pass-1')).status).toBe(401);
    expect((await verify(server, mobile, code, 'owner-pass-12')).status).toBe(200);
    expect(await customerRow(server, mobile)).toMatchObject({ name: 'Owner' });
    expect((await server.call('user/login', { username: mobile, password: 'squatter-pass-1' })).status).toBe(401);
  });
});

describe('the operator', () => {
  it('can confirm a number in person (npm run admin -- customer verify <mobile>)', async () => {
    t = await startTestServer();
    const mobile = nextMobile('9746');
    await signup(t, mobile, 'noor-pass-12');
    expect((await t.call('user/login', { username: mobile, password: 'noor-pass-12' })).status).toBe(403);
    await t.services.operator.verifyCustomer(mobile);
    expect((await t.call('user/login', { username: mobile, password: 'noor-pass-12' })).status).toBe(200);
    await expect(t.services.operator.verifyCustomer(nextMobile('9746'))).rejects.toThrow(/No customer/);
  });
});

describe('customers reset a forgotten password like staff', () => {
  it('a texted code resets it, ends every session, and signs in', async () => {
    t = await startTestServer();
    const server = t;
    const c = await signUpCustomer(server);
    const unknown = await server.call('user/forgetpassword', { mobile: nextMobile('9746') });
    const sent = await server.call('user/forgetpassword', { mobile: c.mobile });
    expect(sent.status).toBe(200);
    expect(unknown.body).toEqual(sent.body);
    const reset = await server.call('user/forgetpassword', {
      mobile: c.mobile,
      code: lastCodeTo(server, c.mobile),
      password: 'fresh-pass-12',
      confirmPassword: 'fresh-pass-12',
    });
    expect(reset.status).toBe(200);
    expect((await server.call('user/me', {}, { token: c.token })).status).toBe(401);
    expect((await server.call('user/me', {}, { token: reset.body.data.token })).status).toBe(200);
    expect((await server.call('user/login', { username: c.mobile, password: 'fresh-pass-12' })).status).toBe(200);
  });
});

describe('walk-in customers', () => {
  it("the one-time password's first sign-in proves the phone", async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    const mobile = nextMobile('9746');
    expect((await server.call('user/signup', { name: 'Walk In', mobile }, { token: m.token })).status).toBe(200);
    expect((await customerRow(server, mobile)).verifiedAt).toBe(null);
    const oneTime = /\b(\d{8})\b/.exec(server.sms.at(-1)?.body ?? '')?.[1];
    const login = await server.call('user/login', { username: mobile, password: oneTime });
    expect(login.status).toBe(200);
    expect(login.body.data.mustChangePassword).toBe(true);
    expect((await customerRow(server, mobile)).verifiedAt).not.toBe(null);
  });

  it('30 an hour per staff member and 200 a day per merchant (here 3 and 5), with a clear message', async () => {
    t = await startTestServer({
      loginLimits: {
        walkInsPerStaff: { limit: 3, windowMs: 3600_000 },
        walkInsPerMerchant: { limit: 5, windowMs: 24 * 3600_000 },
      },
    });
    const server = t;
    const m = await merchantFixture(server);
    const branch = await addBranch(server, m.token, 'Main');
    const [a, b] = [await staffLogin(server, m.id, branch), await staffLogin(server, m.id, branch)];
    const register = (token: string) =>
      server.call('user/signup', { name: 'Walk In', mobile: nextMobile('9746') }, { token });
    const texts = server.sms.length;
    const byA: Res[] = [];
    for (let i = 0; i < 4; i++) byA.push(await register(a.token));
    expect(byA.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(byA[3].body.message).toBe('You have registered many customers in the last hour; please try again later');
    expect(Number(byA[3].headers.get('retry-after'))).toBeGreaterThan(3000);
    const byB: Res[] = [];
    for (let i = 0; i < 3; i++) byB.push(await register(b.token));
    expect(byB.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(byB[2].body.message).toBe(
      'Your shop has registered as many customers as it can today; please try again tomorrow',
    );
    expect((await register(m.token)).status).toBe(429);
    expect(server.sms.length - texts).toBe(5);
  });
});

describe('self-service texts per number and per address', () => {
  it('one number gets at most 5 codes an hour, whoever asks', async () => {
    t = await startTestServer();
    const server = t;
    const mobile = nextMobile('9746');
    const asks: Res[] = [await signup(server, mobile, 'noor-pass-12')];
    for (let i = 0; i < 5; i++) asks.push(await server.call('user/verify/resend', { mobile }));
    expect(asks.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(asks[5].body.message).toBe('Too many codes were sent to this number, please try again later');
    // codes per account: at most 3 in 15 minutes are actually sent
    expect(server.sms.filter((s) => s.to === mobile)).toHaveLength(3);
    expect((await server.call('user/forgetpassword', { mobile })).status).toBe(429);
  });

  it('one address asks for a limited number of texts over every number', async () => {
    t = await startTestServer({ loginLimits: { textsPerAddress: { limit: 2, windowMs: 3600_000 } } });
    const server = t;
    expect((await signup(server, nextMobile('9746'), 'noor-pass-12')).status).toBe(200);
    expect((await server.call('user/verify/resend', { mobile: nextMobile('9746') })).status).toBe(200);
    const third = await signup(server, nextMobile('9746'), 'noor-pass-12');
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Too many codes requested from this network, please try again later');
  });
});
