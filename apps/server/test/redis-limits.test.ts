/**
 * Sign-in limits in Redis (REDIS_URL; docs/security.md, "Sign-in limits"): the Redis store answers
 * exactly as the database's store does over random sequences of operations, its keys expire, two
 * apps on one Redis count together, parallel guesses are counted atomically, and while Redis is
 * unreachable sign-ins fail closed with 503 (docs/decisions/0015-redis-limits-fail-closed.md).
 * Runs against TEST_REDIS_URL (default the machine's redis://127.0.0.1:6379) under a random key
 * prefix of its own; skipped, with a message, when Redis does not answer.
 */
import net from 'node:net';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type DelayPolicy, LOGIN_LIMITS, type ThrottleStore, type WindowPolicy } from '../src/lib/rate-limit';
import { throttleRepository } from '../src/modules/auth/throttle.repository';
import { connectRedis, redisReady, redisThrottleStore } from '../src/modules/auth/throttle-redis.repository';
import { merchantFixture, nextMobile, type Res, startTestServer, type TestServer } from './harness';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1500,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const up = await redisAnswers();
if (!up) console.warn(`redis-limits.test.ts skipped: Redis does not answer at ${REDIS_URL} (set TEST_REDIS_URL)`);

const statuses = (list: Res[]) => {
  const out: Record<number, number> = {};
  for (const r of list) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
};

describe.skipIf(!up)('sign-in limits in Redis', () => {
  let raw: Redis;
  const servers: TestServer[] = [];
  const start = async (opts: Parameters<typeof startTestServer>[0] = {}, keyPrefix = prefix) => {
    const s = await startTestServer({ ...opts, redis: { url: REDIS_URL, keyPrefix } });
    servers.push(s);
    return s;
  };

  beforeAll(() => {
    raw = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length) await raw.del(...keys);
    raw.disconnect();
  });

  it('answers exactly as the database store over random sequences of operations', async () => {
    const t = await start();
    const client = await connectRedis(REDIS_URL, prefix);
    onTestFinished(() => client.disconnect());
    expect(await redisReady(client, 5000)).toBe(true);
    const policy: DelayPolicy = { free: 2, baseMs: 100, maxMs: 800, forgetMs: 5_000 };
    const window: WindowPolicy = { limit: 3, windowMs: 1_000 };
    const keys = ['a', 'b', 'c'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('admitDelayed' as const), key: fc.constantFrom(...keys) }),
      fc.record({ kind: fc.constant('refundDelayed' as const), key: fc.constantFrom(...keys) }),
      fc.record({ kind: fc.constant('admitWindow' as const), key: fc.constantFrom(...keys) }),
      fc.record({ kind: fc.constant('refundWindow' as const), key: fc.constantFrom(...keys) }),
      fc.record({ kind: fc.constant('clear' as const), key: fc.constantFrom(...keys) }),
    );
    const step = fc.record({ op, advanceMs: fc.integer({ min: 0, max: 1_500 }) });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        run++;
        // each run its own keys (delayed and window keys apart, as the limiter keeps them)
        const name = (kind: string, key: string) => `${run}:${kind.endsWith('Window') ? 'w' : 'd'}:${key}`;
        const stores: ThrottleStore[] = [throttleRepository(t.db), redisThrottleStore(client)];
        let now = 1_800_000_000_000;
        for (const { op, advanceMs } of steps) {
          now += advanceMs;
          const key = name(op.kind, op.key);
          const answers = [];
          for (const store of stores) {
            if (op.kind === 'admitDelayed') answers.push(await store.admitDelayed(key, now, policy));
            else if (op.kind === 'refundDelayed') answers.push(await store.refundDelayed(key, now, policy));
            else if (op.kind === 'admitWindow') answers.push(await store.admitWindow(key, now, window));
            else if (op.kind === 'refundWindow') answers.push(await store.refundWindow(key, now));
            else answers.push(await store.clear(key));
          }
          expect(answers[1]).toEqual(answers[0]);
          const all = keys.flatMap((k) => [name('admitDelayed', k), name('admitWindow', k)]);
          const [db, redis] = await Promise.all(stores.map((s) => s.peek(all)));
          const byKey = (rows: { key: string }[]) => [...rows].sort((x, y) => x.key.localeCompare(y.key));
          expect(byKey(redis)).toEqual(byKey(db));
        }
      }),
      { numRuns: 25, seed: 15 },
    );
  });

  it('keys expire once nothing in them matters', async () => {
    const client = await connectRedis(REDIS_URL, prefix);
    onTestFinished(() => client.disconnect());
    expect(await redisReady(client, 5000)).toBe(true);
    {
      const store = redisThrottleStore(client);
      const now = Date.now();
      await store.admitDelayed('ttl:phone', now, LOGIN_LIMITS.perPhone);
      await store.admitWindow('ttl:window', now, { limit: 5, windowMs: 10_000 });
      const phoneTtl = await raw.pttl(`${prefix}ttl:phone`);
      const windowTtl = await raw.pttl(`${prefix}ttl:window`);
      // the phone's streak is forgotten after a day, the window ends after 10 s (plus a minute's margin)
      expect(phoneTtl).toBeGreaterThan(LOGIN_LIMITS.perPhone.forgetMs);
      expect(phoneTtl).toBeLessThanOrEqual(LOGIN_LIMITS.perPhone.forgetMs + 60_000);
      expect(windowTtl).toBeGreaterThan(10_000);
      expect(windowTtl).toBeLessThanOrEqual(70_000);
    }
  });

  it('100 simultaneous wrong passwords for one phone: five are checked, counted in Redis, not the database', async () => {
    const t = await start({ loginLimits: { perPhone: { ...LOGIN_LIMITS.perPhone, baseMs: 60_000 } } });
    const m = await merchantFixture(t);
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => t.call('merchant/login', { username: m.mobile, password: `guess-${i}` })),
    );
    expect(statuses(guesses)).toEqual({ 401: LOGIN_LIMITS.perPhone.free, 429: 100 - LOGIN_LIMITS.perPhone.free });
    expect((await t.call('merchant/login', { username: m.mobile, password: m.password })).status).toBe(429);
    expect(await raw.hget(`${prefix}phone:staff:${m.mobile}`, 'count')).toBe(String(LOGIN_LIMITS.perPhone.free));
    expect(await t.db.selectFrom('authThrottles').selectAll().execute()).toEqual([]);
  });

  it('two apps on one Redis count together: failures for a phone, sign-ups from an address', async () => {
    const own = `${prefix}pair:`;
    const limits = { signupsPerAddress: { limit: 3, windowMs: 60_000 } };
    const [a, b] = [await start({ loginLimits: limits }, own), await start({ loginLimits: limits }, own)];
    const phone = nextMobile();
    const tries: Res[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perPhone.free + 2; i++)
      tries.push(await [a, b][i % 2].call('merchant/login', { username: phone, password: `wrong-${i}` }));
    expect(tries.map((r) => r.status)).toEqual([...Array(LOGIN_LIMITS.perPhone.free).fill(401), 429, 429]);

    const signup = (s: TestServer) =>
      s.call('user/signup', { name: 'C', mobile: nextMobile('9746'), password: 'cust-pass-12' });
    expect([(await signup(a)).status, (await signup(b)).status, (await signup(a)).status]).toEqual([200, 200, 200]);
    expect([(await signup(b)).status, (await signup(a)).status]).toEqual([429, 429]);
  });

  it('fails closed while Redis is unreachable (503, Retry-After), and recovers when it answers again', async () => {
    const relay = await tcpRelay(new URL(REDIS_URL));
    onTestFinished(() => relay.close());
    {
      const own = await startTestServer({ redis: { url: relay.url, keyPrefix: `${prefix}relay:` } });
      servers.push(own);
      const merchant = await merchantFixture(own);
      expect(
        (await own.call('merchant/login', { username: merchant.mobile, password: merchant.password })).status,
      ).toBe(200);

      relay.cut();
      const started = Date.now();
      const refused = await own.call('merchant/login', { username: merchant.mobile, password: merchant.password });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.message).toMatch(/busy/);
      const signup = await own.call('user/signup', { name: 'C', mobile: nextMobile('9746'), password: 'cust-pass-12' });
      expect(signup.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
      // nothing was counted elsewhere instead, and no account was made
      expect(await own.db.selectFrom('authThrottles').selectAll().execute()).toEqual([]);
      // requests with a session go on: the limits guard only sign-ins, sign-ups and reset codes
      expect((await own.call('merchant/me', {}, { token: merchant.token, bearer: true })).status).toBe(200);

      relay.restore();
      await expect
        .poll(
          async () =>
            (await own.call('merchant/login', { username: merchant.mobile, password: merchant.password })).status,
          { timeout: 15_000, interval: 250 },
        )
        .toBe(200);
    }
  }, 60_000);
});

/** A TCP relay to Redis that the test can cut (every connection dropped, new ones refused) and restore. */
async function tcpRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
