/**
 * Text messages through the outbox and the real provider adapters, against local fakes of Twilio's
 * and Unifonic's APIs (test/sms-fakes.ts; the adapters alone: sms-providers.test.ts): the reset and
 * walk-in flows end to end through the fake Twilio, retries with backoff, failures for
 * good, expiry, idempotency keys, two workers on one database, and what the operator sees
 * (`sms status`, /metrics). docs/architecture.md, "Text messages".
 */
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_FINISHED_MS, smsOutbox } from '../src/modules/sms/sms.service';
import { twilioProvider } from '../src/modules/sms/twilio';
import { unifonicProvider } from '../src/modules/sms/unifonic';
import { createStore } from '../src/repositories/registry';
import { adminCommand } from './admin-command';
import { merchantFixture, nextMobile, startTestServer, type TestServer } from './harness';

const METRICS_TOKEN = 'sms-outbox-metrics-token';

import { FAKE_TWILIO, FAKE_UNIFONIC, startFakeTwilio, startFakeUnifonic } from './sms-fakes';
import { filesHolding, resetWith } from './texts';

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let unifonic: Awaited<ReturnType<typeof startFakeUnifonic>>;
let t: TestServer;
const FAST = { pollMs: 20, backoffMs: 20, maxBackoffMs: 60, maxAttempts: 4 };

beforeAll(async () => {
  twilio = await startFakeTwilio();
  unifonic = await startFakeUnifonic();
  t = await startTestServer({
    smsProvider: twilioProvider({ ...FAKE_TWILIO, apiBase: twilio.url }),
    outbox: FAST,
    metricsToken: METRICS_TOKEN,
  });
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
  await unifonic?.close();
});

const until = async <T>(read: () => Promise<T | undefined> | T | undefined, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
/** Runs `fn` while the app's own outbox worker is stopped (a test's workers alone send). */
async function withoutTheAppsWorker(fn: () => Promise<void>) {
  await t.services.smsOutbox?.stop();
  try {
    await fn();
  } finally {
    t.services.smsOutbox?.start();
  }
}

const textTo = (mobile: string, n = 1) =>
  until(() => {
    const got = twilio.messages.filter((m) => m.to === `+${mobile}`);
    return got.length >= n ? got : undefined;
  }, `${n} text(s) to ${mobile}`);
const rowsTo = (mobile: string) =>
  t.db.selectFrom('smsOutbox').selectAll().where('toMobile', '=', mobile).orderBy('id').execute();

describe('the outbox, through the fake Unifonic', () => {
  const provider = (appSid = FAKE_UNIFONIC.appSid) =>
    unifonicProvider({ appSid, senderId: FAKE_UNIFONIC.senderId, apiBase: unifonic.url });

  it('sends a queued text through Unifonic and erases it', async () => {
    const outbox = smsOutbox({ store: t.deps.store, log: t.deps.log }, provider(), FAST);
    const mobile = nextMobile('9746');
    await withoutTheAppsWorker(async () => {
      await outbox.sender.send(mobile, 'Your code is 424242', { kind: 'test' });
      await outbox.drain();
    });
    expect(unifonic.messages.filter((m) => m.to === mobile).map((m) => m.body)).toEqual(['Your code is 424242']);
    const [row] = await rowsTo(mobile);
    expect(row).toMatchObject({ status: 'sent', body: '', provider: 'unifonic', attempts: 1 });
  });
});

describe('the outbox, through the fake Twilio', () => {
  it('a password reset: the code arrives as a text, the row loses its text, the reset works with it', async () => {
    const m = await merchantFixture(t);
    expect((await t.call('merchant/forgetpassword', { mobile: m.mobile })).status).toBe(200);
    const [text] = await textTo(m.mobile);
    const code = /(\d{6})/.exec(text.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await until(async () => {
      const rows = await rowsTo(m.mobile);
      return rows[0]?.status === 'sent' ? rows : undefined;
    }, 'the row marked sent');
    expect(row).toMatchObject({
      body: '',
      kind: 'resetCode',
      provider: 'twilio',
      providerMessageId: text.id,
      attempts: 1,
    });
    await resetWith(t.call, m.mobile, code ?? '');
  });

  it('a walk-in customer: the one-time password arrives as a text and signs the customer in', async () => {
    const m = await merchantFixture(t);
    const mobile = nextMobile('9747');
    const res = await t.call(
      'user/signup',
      { name: 'Walk In', mobile, password: '123456', userCurrncy: 'QAR' },
      { token: m.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [text] = await textTo(mobile);
    const code = /\b(\d{8})\b/.exec(text.body)?.[1];
    expect(code).toMatch(/^\d{8}$/);
    const login = await t.call('user/login', { username: mobile, password: code });
    expect(login.status).toBe(200);
    expect(login.body.data.mustChangePassword).toBe(true);
    expect((await rowsTo(mobile))[0]).toMatchObject({ kind: 'walkInCode', status: 'sent', body: '' });
  });

  it('tries again with a growing wait after 5xx answers and sends the text once', async () => {
    twilio.failNext(2, 503);
    const mobile = nextMobile('9746');
    await t.deps.sms.send(mobile, 'retry me', { kind: 'test' });
    await textTo(mobile);
    const [row] = await until(async () => {
      const rows = await rowsTo(mobile);
      return rows[0]?.status === 'sent' ? rows : undefined;
    }, 'sent');
    expect(row).toMatchObject({ attempts: 3, body: '', lastError: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(twilio.messages.filter((m) => m.to === `+${mobile}`)).toHaveLength(1);
  });

  it('fails a text for good when Twilio refuses it or after the last attempt, erasing its text; the operator sees it', async () => {
    const refused = nextMobile('9746');
    twilio.failNext(1, 400);
    await t.deps.sms.send(refused, 'refused 1', { kind: 'test' });
    const tooMany = nextMobile('9746');
    await until(async () => (await rowsTo(refused))[0]?.status === 'failed', 'refused fails');
    twilio.failNext(FAST.maxAttempts, 503);
    await t.deps.sms.send(tooMany, 'never 2', { kind: 'test' });
    await until(async () => (await rowsTo(tooMany))[0]?.status === 'failed', 'retries run out');
    expect((await rowsTo(refused))[0]).toMatchObject({
      body: '',
      attempts: 1,
      lastError: expect.stringContaining('400'),
    });
    expect((await rowsTo(tooMany))[0]).toMatchObject({ body: '', attempts: FAST.maxAttempts });

    const { stdout } = await adminCommand(['sms', 'status'], {
      ...t.databaseEnv,
      SMS_PROVIDER: 'twilio',
      ...twilioEnv(),
    });
    expect(stdout).toMatch(/failed [1-9]/);
    expect(stdout).toContain(`…${refused.slice(-4)}`);
    expect(stdout).toContain('twilio 400');
    expect(stdout).not.toContain(refused);
    expect(stdout).not.toContain('refused 1');

    const metrics = await (
      await fetch(`${t.upstreams[0]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/sms_outbox_messages\{status="failed"\} [1-9]/);
    expect(metrics).toMatch(/sms_deliveries_total\{provider="twilio",outcome="failed"\} [1-9]/);
    expect(metrics).toMatch(/sms_deliveries_total\{provider="twilio",outcome="retry"\} [1-9]/);
  });

  it('queues a text once per idempotency key, and does not send one past its end', async () => {
    const mobile = nextMobile('9746');
    await Promise.all([1, 2, 3].map(() => t.deps.sms.send(mobile, 'once', { idempotencyKey: `k-${mobile}` })));
    await textTo(mobile);
    await new Promise((r) => setTimeout(r, 200));
    expect(await rowsTo(mobile)).toHaveLength(1);
    expect(twilio.messages.filter((m) => m.to === `+${mobile}`)).toHaveLength(1);

    const late = nextMobile('9746');
    const paused = smsOutbox(
      { store: t.deps.store, log: t.deps.log },
      twilioProvider({ ...FAKE_TWILIO, apiBase: 'http://127.0.0.1:9' }),
      FAST,
    );
    await paused.sender.send(late, 'too late 123456', { ttlMs: -1 });
    await until(async () => (await rowsTo(late))[0]?.status === 'expired', 'expired');
    expect((await rowsTo(late))[0]).toMatchObject({ body: '' });
    expect(twilio.messages.filter((m) => m.to === `+${late}`)).toHaveLength(0);
  });

  it('sends a text a server of the previous release queued (no status of its own: the defaults)', async () => {
    const mobile = nextMobile('9746');
    await t.db
      .insertInto('smsOutbox')
      .values({ toMobile: mobile, body: 'from the old release', createdAt: new Date().toISOString() })
      .execute();
    await textTo(mobile);
    await until(async () => (await rowsTo(mobile))[0]?.status === 'sent', 'sent');
    expect((await rowsTo(mobile))[0]).toMatchObject({ body: '', attempts: 1 });
  });

  it('an erased text is in no file of the data folder, even once a checkpoint wrote it into the database file', async () => {
    const needle = `secret-text-${Date.now()}`;
    const mobile = nextMobile('9746');
    const worker = smsOutbox(
      { store: t.deps.store, log: t.deps.log },
      twilioProvider({ ...FAKE_TWILIO, apiBase: twilio.url }),
      FAST,
    );
    const dataDir = t.databaseEnv.DATA_DIR;
    await withoutTheAppsWorker(async () => {
      // as long as a real text, so that the row shrinks when its text is erased
      await worker.sender.send(
        mobile,
        `Your one-time password is ${needle}. Sign in within 24 hours and choose your own.`,
      );
      if (t.kind === 'sqlite') {
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
        expect(filesHolding(dataDir, needle)).toEqual([path.join(dataDir, 'app.sqlite')]);
      }
      await worker.drain();
    });
    expect(twilio.messages.filter((m) => m.to === `+${mobile}`).map((m) => m.body)).toEqual([
      expect.stringContaining(needle),
    ]);
    expect((await rowsTo(mobile))[0]).toMatchObject({ status: 'sent', body: '' });
    expect(filesHolding(dataDir, needle)).toEqual([]);
  });

  it('forgets finished texts after 30 days (their numbers), keeping the waiting ones', async () => {
    const old = new Date(Date.now() - KEEP_FINISHED_MS - 60_000).toISOString();
    const [sent, waiting] = [nextMobile('9746'), nextMobile('9746')];
    await t.db
      .insertInto('smsOutbox')
      .values([
        { toMobile: sent, body: '', status: 'sent', createdAt: old, updatedAt: old },
        // far in the future: not due, so the worker leaves it waiting
        {
          toMobile: waiting,
          body: 'later',
          status: 'pending',
          createdAt: old,
          updatedAt: old,
          nextAttemptAt: '2999-01-01T00:00:00.000Z',
        },
      ])
      .execute();
    const outbox = smsOutbox(
      { store: t.deps.store, log: t.deps.log },
      twilioProvider({ ...FAKE_TWILIO, apiBase: twilio.url }),
    );
    expect(await outbox.prune()).toBeGreaterThanOrEqual(1);
    expect(await rowsTo(sent)).toEqual([]);
    expect(await rowsTo(waiting)).toHaveLength(1);
  });

  it('two workers on one database send each of 30 texts once', async () => {
    const provider = twilioProvider({ ...FAKE_TWILIO, apiBase: twilio.url });
    // workers that only run when drained, over their own store (PostgreSQL: its own pool use)
    const a = smsOutbox({ store: createStore(t.db, t.kind), log: t.deps.log }, provider, FAST);
    const b = smsOutbox({ store: createStore(t.db, t.kind), log: t.deps.log }, provider, FAST);
    const prefix = nextMobile('9748').slice(0, 8);
    const mobiles = Array.from({ length: 30 }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
    await withoutTheAppsWorker(async () => {
      for (const mobile of mobiles) await a.sender.send(mobile, `text for ${mobile}`);
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    });
    for (const mobile of mobiles)
      expect(
        twilio.messages.filter((m) => m.to === `+${mobile}`),
        mobile,
      ).toHaveLength(1);
  });
});

const twilioEnv = () => ({
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
  TWILIO_FROM: FAKE_TWILIO.from,
  TWILIO_API_BASE: twilio.url,
});
