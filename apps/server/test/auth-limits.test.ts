/**
 * Sign-in limits (docs/security.md): attempts are counted when they start, per phone and per
 * address, in the database; a few are free, then each further one waits longer (doubling, capped);
 * a refused attempt is not counted; success resets the phone. Sign-ups and successful sign-ins are
 * limited per address, and password hashing runs a few at a time behind a bounded waiting line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password';
import { LOGIN_LIMITS } from '../src/lib/rate-limit';
import { merchantFixture, nextMobile, type Res, signUpCustomer, startTestServer, type TestServer } from './harness';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const statuses = (list: Res[]) => {
  const out: Record<number, number> = {};
  for (const r of list) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
};
const retryAfter = (r: Res) => Number(r.headers.get('retry-after'));

const customerFixture = (server: TestServer) => signUpCustomer(server, { name: 'Cust', password: 'cust-pass-12' });

// A long first wait keeps the counts exact however long a burst takes on a busy machine.
const slowPhone = { ...LOGIN_LIMITS.perPhone, baseMs: 60_000 };
const slowAddress = { ...LOGIN_LIMITS.perAddress, baseMs: 60_000 };

describe('parallel guesses are counted when they start', () => {
  it('100 simultaneous wrong passwords for one merchant phone: five are checked, the right one waits', async () => {
    t = await startTestServer({ loginLimits: { perPhone: slowPhone } });
    const server = t;
    const m = await merchantFixture(server);
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server.call('merchant/login', { username: m.mobile, password: `guess-${i}` }),
      ),
    );
    expect(statuses(guesses)).toEqual({ 401: LOGIN_LIMITS.perPhone.free, 429: 100 - LOGIN_LIMITS.perPhone.free });
    const refused = guesses.find((r) => r.status === 429)!;
    expect(refused.body.message).toMatch(/^Too many sign-in attempts/);
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);

    const right = await server.call('merchant/login', { username: m.mobile, password: m.password });
    expect(right.status).toBe(429);
    expect(retryAfter(right)).toBeGreaterThan(50);
    expect(retryAfter(right)).toBeLessThanOrEqual(60);
  });

  it('the same on user/login', async () => {
    t = await startTestServer({ loginLimits: { perPhone: slowPhone } });
    const server = t;
    const c = await customerFixture(server);
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => server.call('user/login', { username: c.mobile, password: `guess-${i}` })),
    );
    expect(statuses(guesses)).toEqual({ 401: LOGIN_LIMITS.perPhone.free, 429: 100 - LOGIN_LIMITS.perPhone.free });
    expect((await server.call('user/login', { username: c.mobile, password: c.password })).status).toBe(429);
  });

  it('100 simultaneous guesses on 100 phones from one address: only the free ones are checked', async () => {
    t = await startTestServer({ loginLimits: { perAddress: slowAddress } });
    const server = t;
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server.call(i % 2 ? 'merchant/login' : 'user/login', { username: nextMobile(), password: `guess-${i}` }),
      ),
    );
    const counts = statuses(guesses);
    expect(counts[401]).toBe(LOGIN_LIMITS.perAddress.free);
    expect(counts[429]).toBe(100 - LOGIN_LIMITS.perAddress.free);
  });

  it('a made-up X-Forwarded-For does not give a guesser a fresh address, with or without a proxy in front', async () => {
    t = await startTestServer({ loginLimits: { perAddress: slowAddress } });
    const server = t;
    const guesses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAddress.free + 3; i++) {
      const body = new URLSearchParams({ username: nextMobile(), password: `guess-${i}` });
      const res = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${i + 1}` },
        body,
      });
      guesses.push(res.status);
    }
    expect(guesses).toEqual([...Array(LOGIN_LIMITS.perAddress.free).fill(401), 429, 429, 429]);
  });
});

describe('nobody can lock the owner out', () => {
  it('after five wrong passwords the owner waits a second, not a quarter of an hour', async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    for (let i = 0; i < LOGIN_LIMITS.perPhone.free; i++)
      expect((await server.call('merchant/login', { username: m.mobile, password: `bad-${i}` })).status).toBe(401);
    const waiting = await server.call('merchant/login', { username: m.mobile, password: m.password });
    expect(waiting.status).toBe(429);
    expect(retryAfter(waiting)).toBe(1);
    expect(waiting.body.message).toBe('Too many sign-in attempts, try again in 1\u00a0s');
    const ar = await server.call('merchant/login', { username: m.mobile, password: m.password }, { lang: 'ar' });
    expect(ar.body.message).toContain('1');
    expect(ar.body.message).not.toMatch(/[a-z]/i);
    // attempts refused during the wait are not counted and do not extend it
    for (let i = 0; i < 10; i++)
      expect((await server.call('merchant/login', { username: m.mobile, password: `more-${i}` })).status).toBe(429);
    await sleep(1100);
    const ok = await server.call('merchant/login', { username: m.mobile, password: m.password });
    expect(ok.status).toBe(200);
    // success resets the phone: five free attempts again
    for (let i = 0; i < LOGIN_LIMITS.perPhone.free; i++)
      expect((await server.call('merchant/login', { username: m.mobile, password: `again-${i}` })).status).toBe(401);
  });

  it('an unknown phone is limited exactly like a known one', async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    const unknown = nextMobile();
    const a: Res[] = [];
    const b: Res[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perPhone.free; i++) {
      a.push(await server.call('merchant/login', { username: m.mobile, password: `bad-${i}` }));
      b.push(await server.call('merchant/login', { username: unknown, password: `bad-${i}` }));
    }
    expect(a.map((r) => [r.status, r.body])).toEqual(b.map((r) => [r.status, r.body]));
  });

  it('each further failure doubles the wait, up to the cap', async () => {
    const perPhone = { free: 2, baseMs: 100, maxMs: 400, forgetMs: 60_000 };
    t = await startTestServer({ loginLimits: { perPhone } });
    const server = t;
    const m = await merchantFixture(server);
    const row = () =>
      server.db
        .selectFrom('authThrottles')
        .selectAll()
        .where('key', '=', `phone:staff:${m.mobile}`)
        .executeTakeFirstOrThrow();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await server.call('merchant/login', { username: m.mobile, password: `bad-${i}` });
      expect(r.status).toBe(401);
      const { nextAt, lastAt } = await row();
      waits.push(Math.max(0, Number(nextAt) - Number(lastAt)));
      await sleep(Math.max(0, Number(nextAt) - Date.now()) + 20);
    }
    expect(waits).toEqual([0, 100, 200, 400, 400, 400]);
    expect((await row()).count).toBe(6);
  });

  it('many failures from one address slow the other accounts behind it, without locking them out', async () => {
    const perAddress = { free: 3, baseMs: 1000, maxMs: 120_000, forgetMs: 3_600_000 };
    t = await startTestServer({ loginLimits: { perAddress } });
    const server = t;
    const owner = await merchantFixture(server);
    for (let i = 0; i < 3; i++)
      expect((await server.call('user/login', { username: nextMobile(), password: `g-${i}` })).status).toBe(401);
    const slowed = await server.call('merchant/login', { username: owner.mobile, password: owner.password });
    expect(slowed.status).toBe(429);
    expect(retryAfter(slowed)).toBe(1);
    await sleep(1100);
    expect((await server.call('merchant/login', { username: owner.mobile, password: owner.password })).status).toBe(
      200,
    );
    // the owner's success is not a failure: the address waits one second again, not two
    const next = await server.call('user/login', { username: nextMobile(), password: 'g-4' });
    expect(next.status).toBe(429);
    expect(retryAfter(next)).toBe(1);
  });
});

describe('sign-ups and successful sign-ins per address', () => {
  it('limits sign-ups from one address; staff registering walk-in customers are not limited', async () => {
    t = await startTestServer({ loginLimits: { signupsPerAddress: { limit: 3, windowMs: 60_000 } } });
    const server = t;
    const m = await merchantFixture(server);
    await customerFixture(server);
    await merchantFixture(server, { approved: false });
    const merchant = await server.call('merchant/signup', {
      name: 'Fourth',
      mobile: nextMobile(),
      password: 'fourth-pass-1',
      check: true,
    });
    expect(merchant.status).toBe(429);
    expect(retryAfter(merchant)).toBeGreaterThan(50);
    const customer = await server.call('user/signup', {
      name: 'C',
      mobile: nextMobile('9746'),
      password: 'cust-pass-12',
    });
    expect(customer.status).toBe(429);
    const walkIn = await server.call(
      'user/signup',
      { name: 'Walk In', mobile: nextMobile('9746') },
      { token: m.token },
    );
    expect(walkIn.status).toBe(200);
  });

  it('limits successful sign-ins from one address; failures do not use them up', async () => {
    t = await startTestServer({ loginLimits: { signInsPerAddress: { limit: 3, windowMs: 60_000 } } });
    const server = t;
    const m = await merchantFixture(server);
    for (let i = 0; i < 3; i++) {
      expect((await server.call('merchant/login', { username: m.mobile, password: 'wrong-pass' })).status).toBe(401);
      expect((await server.call('merchant/login', { username: m.mobile, password: m.password })).status).toBe(200);
    }
    const fourth = await server.call('merchant/login', { username: m.mobile, password: m.password });
    expect(fourth.status).toBe(429);
    expect(retryAfter(fourth)).toBeGreaterThan(50);
  });
});

describe('reset codes per address', () => {
  it('one address cannot send reset codes to phone after phone; each request counts, known phone or not', async () => {
    t = await startTestServer({ loginLimits: { resetCodesPerAddress: { limit: 3, windowMs: 60_000 } } });
    const server = t;
    const m = await merchantFixture(server);
    const before = server.sms.length;
    for (const mobile of [m.mobile, nextMobile(), nextMobile()])
      expect((await server.call('merchant/forgetpassword', { mobile })).status).toBe(200);
    expect(server.sms.length).toBe(before + 1);
    const fourth = await server.call('merchant/forgetpassword', { mobile: m.mobile });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('Too many codes requested from this network, please try again later');
    expect(retryAfter(fourth)).toBeGreaterThan(50);
    expect(server.sms.length).toBe(before + 1);
  });
});

describe('password hashing is bounded', () => {
  it('a flood of correct logins gets 503 with Retry-After beyond the waiting line, never a crash', async () => {
    // Each login counts its attempt in the database before its check (four small write
    // transactions), so logins reach the line one by one: 19–30 ms apart here, more on a busy host.
    // At production's cost a check could end before the next login arrived, and no login met a full
    // line (one CI run). The accounts' hash costs about 12 times production's (a check takes the cost
    // written in the hash it verifies): every login arrives while the first check still runs. The
    // server's own cost stays the tests' cheap one, so the 20 sign-ups stay fast; the 3 logins that
    // succeed rehash at it.
    t = await startTestServer({ hashing: { concurrency: 1, maxWaiting: 2 } });
    const server = t;
    // one account each: parallel attempts on one phone would meet the phone's limit first
    const merchants = [];
    for (let i = 0; i < 20; i++) merchants.push(await merchantFixture(server));
    const slowHash = await hashPassword(merchants[0].password, { memoryKiB: 19_456, iterations: 24, parallelism: 1 });
    const ids = merchants.map((m) => m.id);
    await server.db.updateTable('merchants').set({ passwordHash: slowHash }).where('id', 'in', ids).execute();
    const logins = await Promise.all(
      merchants.map((m) => server.call('merchant/login', { username: m.mobile, password: m.password })),
    );
    const counts = statuses(logins);
    expect(Object.keys(counts).sort()).toEqual(['200', '503']);
    expect(counts[200]).toBeGreaterThanOrEqual(3);
    const busy = logins.find((r) => r.status === 503)!;
    expect(busy.body).toEqual({ message: 'The server is busy, please try again in a moment' });
    expect(retryAfter(busy)).toBeGreaterThanOrEqual(1);
  });
});
