/**
 * The real server process (`main.ts`) as an operator starts it (docs/deploy.md, "Production
 * checklist"): with NODE_ENV=production and nothing configured it refuses to start, naming the
 * payment and SMS settings; configured with the test gateway by name and Twilio pointed at a local
 * fake of its API, a merchant's reset code arrives there as a text, the reset works, and the code is
 * in no file of the data folder (0700, its database 0600). Without NODE_ENV=production it starts
 * with the test gateway and the log sender and says so first. On the embedded database and, with
 * TEST_DB=postgres, on a fresh PostgreSQL schema.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callAt, nextMobile } from './harness';
import { freePort } from './ports';
import { FAKE_TWILIO, startFakeTwilio } from './sms-fakes';
import { filesHolding, resetWith } from './texts';

const root = path.resolve(import.meta.dirname, '../../..');
const usePg = process.env.TEST_DB === 'postgres';
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const schemas: string[] = [];
const folders: string[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterEach(async () => {
  for (const c of children.splice(0)) await stop(c);
});
afterAll(async () => {
  await twilio?.close();
  if (schemas.length) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await client.end();
  }
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
});

/** A fresh data folder (not created yet) and, on PostgreSQL, a fresh schema. */
async function place(): Promise<Record<string, string>> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-prod-'));
  folders.push(parent);
  const env: Record<string, string> = { DATA_DIR: path.join(parent, 'data') };
  if (usePg) {
    const schema = `p_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    schemas.push(schema);
    Object.assign(env, { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', DATABASE_SCHEMA: schema });
  }
  return env;
}

/** The server with only these settings (none of the test runner's), and what it writes. */
function start(settings: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

async function serving(s: ReturnType<typeof start>, port: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`server exited:\n${s.out()}\n${s.err()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return callAt(`http://127.0.0.1:${port}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${s.out()}\n${s.err()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** Signs a merchant up, has a reset code sent, and returns the mobile. */
async function askForCode(call: ReturnType<typeof callAt>) {
  const mobile = nextMobile();
  const signup = await call('merchant/signup', {
    name: 'Prod Shop',
    mobile,
    password: 'secret-pass-1',
    check: true,
    userCurrncy: 'QAR',
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(200);
  expect((await call('merchant/forgetpassword', { mobile })).status).toBe(200);
  return mobile;
}

describe('NODE_ENV=production', () => {
  it('with nothing configured: exits non-zero naming the payment and SMS settings, before touching anything', async () => {
    const where = await place();
    const s = start({ NODE_ENV: 'production', PORT: String(await freePort()), ...where });
    const code = await s.exited;
    expect(code).toBe(78);
    expect(s.err()).toContain('NODE_ENV=production: refusing to start');
    expect(s.err()).toContain('STRIPE_SECRET_KEY or PAYMENTS=test');
    expect(s.err()).toContain('SMS_PROVIDER');
    expect(
      s
        .err()
        .split('\n')
        .filter((l) => l.startsWith('  - ')),
    ).toHaveLength(2);
    expect(fs.existsSync(where.DATA_DIR)).toBe(false);
  });

  it('names each missing Twilio setting, and never prints a secret it was given', async () => {
    const s = start({
      NODE_ENV: 'production',
      ...(await place()),
      STRIPE_SECRET_KEY: 'sk_live_do_not_print_me',
      SMS_PROVIDER: 'twilio',
      TWILIO_AUTH_TOKEN: 'twilio-secret-do-not-print',
    });
    expect(await s.exited).toBe(78);
    expect(s.err()).toContain('TWILIO_ACCOUNT_SID');
    expect(s.err()).toContain('TWILIO_FROM');
    expect(s.err()).not.toContain('TWILIO_AUTH_TOKEN:');
    expect(s.err() + s.out()).not.toContain('do_not_print');
    expect(s.err() + s.out()).not.toContain('do-not-print');
  });

  it('with PAYMENTS=test and Twilio at a fake: the reset code arrives as a text, works, and is in no file of the data folder', async () => {
    const port = await freePort();
    const where = await place();
    const s = start({
      NODE_ENV: 'production',
      PORT: String(port),
      ...where,
      PAYMENTS: 'test',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_BASE: twilio.url,
    });
    const call = await serving(s, port);
    const first = s.out().split('\n')[0];
    expect(first).toContain('payments: the built-in test gateway');
    expect(first).toContain(`SMS: Twilio at ${twilio.url}`);
    expect(first).toContain(usePg ? 'database: PostgreSQL' : 'database: embedded SQLite');
    expect(first).toContain('storage: the folder');
    expect(first).toContain('sign-in limits: the database');
    expect(first).toContain('operator secrets sealed with: a key kept in the database');
    expect(s.out()).not.toContain(FAKE_TWILIO.authToken);

    const mobile = await askForCode(call);
    const deadline = Date.now() + 15_000;
    while (!twilio.messages.some((m) => m.to === `+${mobile}`) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const text = twilio.messages.find((m) => m.to === `+${mobile}`);
    const code = /(\d{6})/.exec(text?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // the worker erases the text once Twilio accepted it
    await new Promise((r) => setTimeout(r, 500));
    await resetWith(call, mobile, code);

    const dataDir = where.DATA_DIR;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'uploads'))).toBe(0o700);
    if (!usePg) {
      expect(mode(path.join(dataDir, 'app.sqlite'))).toBe(0o600);
      for (const f of ['app.sqlite-wal', 'app.sqlite-shm'])
        if (fs.existsSync(path.join(dataDir, f))) expect(mode(path.join(dataDir, f)), f).toBe(0o600);
    }
    expect(filesHolding(dataDir, code)).toEqual([]);
    await stop(s.child);
    expect(filesHolding(dataDir, code)).toEqual([]);
    expect(s.out()).not.toContain(code);
  });
});

describe('npm start (scripts/start.mjs)', () => {
  it('checks the settings before it builds the web app: a production start without them stops at once', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...(await place()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(output).toContain('SMS_PROVIDER');
    expect(output).not.toContain('Building the web app');
  });
});

describe('without NODE_ENV=production (npm start)', () => {
  it('starts with the test gateway and the log sender and says so first; a code goes to the log, not to the data folder', async () => {
    const port = await freePort();
    const where = await place();
    const s = start({ PORT: String(port), ...where });
    const call = await serving(s, port);
    const [first, second] = s.out().split('\n');
    expect(first).toContain('payments: the built-in test gateway (no card is charged)');
    expect(first).toContain('SMS: the log sender (texts are written to this log, not sent to phones)');
    expect(second).toContain('Not for production');

    const mobile = await askForCode(call);
    const deadline = Date.now() + 10_000;
    let code: string | undefined;
    while (!code && Date.now() < deadline) {
      code = /Your verification code is (\d{6})/.exec(s.out())?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 50));
    }
    expect(code).toMatch(/^\d{6}$/);
    await resetWith(call, mobile, code ?? '');
    expect(filesHolding(where.DATA_DIR, code ?? '')).toEqual([]);
  });
});
