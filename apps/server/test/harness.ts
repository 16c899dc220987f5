/**
 * Builds the real app on a fresh database (SQLite in a temp folder, or a fresh PostgreSQL schema
 * when TEST_DB=postgres), listens on a random port and talks to it over HTTP with real form data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app';
import type { Services } from '../src/compose';
import type { Deps } from '../src/core/deps';
import { type DbHandle, nowIso, openDatabase } from '../src/db/dialect';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { type HashCost, type HashingLimits, hashPassword } from '../src/lib/password';
import { LOGIN_LIMITS, type LoginLimits } from '../src/lib/rate-limit';
import { operatorService } from '../src/modules/operator/operator.service';
import type { S3Settings } from '../src/platform/images/storage';
import { type NginxProxy, nginxMissing, startNginx } from './nginx';

/** A cheap argon2id cost so that hundreds of sign-ups stay fast (production: PRODUCTION_COST). */
export const TEST_HASH_COST: HashCost = { memoryKiB: 256, iterations: 1, parallelism: 1 };

/**
 * The production phone delays; generous per-address limits, since every test call comes from
 * 127.0.0.1 (tests of the address limits pass their own).
 */
export const TEST_LOGIN_LIMITS: LoginLimits = {
  ...LOGIN_LIMITS,
  perAddress: { ...LOGIN_LIMITS.perAddress, free: 100_000 },
  signInsPerAddress: { limit: 100_000, windowMs: 60_000 },
  signupsPerAddress: { limit: 100_000, windowMs: 60_000 },
  resetCodesPerAddress: { limit: 100_000, windowMs: 60_000 },
  textsPerAddress: { limit: 100_000, windowMs: 60_000 },
  // fixtures register many walk-in customers per merchant; the limit's own test sets it
  walkInsPerStaff: { limit: 100_000, windowMs: 60_000 },
  walkInsPerMerchant: { limit: 100_000, windowMs: 60_000 },
};

export type Fields = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export interface CallOptions {
  token?: string;
  bearer?: boolean;
  lang?: 'en' | 'ar';
  files?: { field: string; name: string; type: string; data: Buffer | Uint8Array }[];
  /** urlencoded instead of multipart */
  urlencoded?: boolean;
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * TEST_VIA_PROXY=1 (the server-proxy projects of vitest.config.ts, PostgreSQL only): every test
 * server is two apps on one schema behind nginx, and `url` and `call` go through nginx.
 */
export const viaProxy = process.env.TEST_VIA_PROXY === '1';

export interface TestServer {
  /** Where the test talks to the app: the app itself, or nginx in front of two apps (viaProxy). */
  url: string;
  /** The apps' own addresses (one, or two behind the proxy). */
  upstreams: string[];
  /** Environment for a child process (the operator command) that opens this same database. */
  databaseEnv: Record<string, string>;
  db: Kysely<Database>;
  deps: Deps;
  /** The app's services (to call what no endpoint reaches, e.g. push.notifyMerchant). */
  services: Services;
  /** The metrics listener's address, when the test asked for one. */
  metricsUrl?: string;
  kind: 'sqlite' | 'postgres';
  op: ReturnType<typeof operatorService>;
  sms: { to: string; body: string }[];
  call<T = any>(path: string, fields?: Fields, opts?: CallOptions): Promise<Res<T>>;
  /** Another app on this same database with other settings (a server restarted with new keys); closed by the caller. */
  sibling(over: Pick<AppOptions, 'operatorSecretKeys'>): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

export function encode(fields: Fields, files: CallOptions['files'] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) form.append(`${k}[]`, String(item));
    else form.append(k, String(v));
  }
  for (const f of files) form.append(f.field, new Blob([f.data], { type: f.type }), f.name);
  return form;
}

export async function startTestServer(
  opts: {
    /** Replaces parts of TEST_LOGIN_LIMITS. */
    loginLimits?: Partial<LoginLimits>;
    sessionTtlMs?: number;
    /** Idle times of sessions (SESSION_IDLE by default). */
    sessionIdle?: AppOptions['sessionIdle'];
    webDist?: string;
    publicConfig?: Record<string, unknown>;
    hashCost?: HashCost;
    hashing?: HashingLimits;
    /** Runs on the empty database before the migrations (to test a migration over older rows). */
    beforeMigrate?: (database: DbHandle) => Promise<void>;
    /** A payment gateway instead of the built-in test gateway. */
    payments?: Deps['payments'];
    /** Web Push settings (push tests allow a plain-http loopback push service). */
    push?: AppOptions['push'];
    /** Receives every server log line (level trace) when given. */
    logStream?: { write(line: string): void };
    /** Live feed timings (heartbeat, safety poll) and its bound of open streams. */
    feed?: AppOptions['feed'];
    /** METRICS_TOKEN for /metrics. */
    metricsToken?: string;
    /** /metrics on a listener of its own (METRICS_PORT, METRICS_HOST): its address is `metricsUrl`. */
    metricsListener?: AppOptions['metricsListener'];
    /** Keep uploads in this S3-compatible bucket. */
    s3?: S3Settings;
    /** Count the sign-in limits in Redis (a test's own key prefix) instead of the database. */
    redis?: AppOptions['redis'];
    /**
     * Texts through the real outbox and this provider (a fake Twilio or Unifonic) instead of the
     * in-memory list `sms`; `outbox` sets the worker's timings.
     */
    smsProvider?: AppOptions['smsProvider'];
    outbox?: AppOptions['outbox'];
    /** QR signing keys from the environment, or how long the database's keys are cached. */
    qrKeys?: AppOptions['qrKeys'];
    /** OPERATOR_SECRET_KEY (…_PREVIOUS); unset: the key kept in the database. */
    operatorSecretKeys?: AppOptions['operatorSecretKeys'];
    /** Uploads at once and waiting. */
    uploads?: AppOptions['uploads'];
    /** Every statement with its values appended to this file (SQL_TRACE_FILE). */
    traceFile?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-test-'));
  const usePg = process.env.TEST_DB === 'postgres';
  if (viaProxy && !usePg) throw new Error('TEST_VIA_PROXY=1 needs TEST_DB=postgres (two apps share one database)');
  if (viaProxy && nginxMissing()) throw new Error(`TEST_VIA_PROXY=1: ${nginxMissing()}`);
  let schema: string | undefined;
  if (usePg) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const open = () =>
    openDatabase({
      databaseUrl: usePg ? process.env.TEST_DATABASE_URL : undefined,
      dataDir,
      pgSchema: schema,
      // through the proxy two apps share the schema, each with its own pool
      poolSize: viaProxy ? 10 : 20,
      traceFile: opts.traceFile,
    });
  const database = open();
  await opts.beforeMigrate?.(database);
  await migrateToLatest(database);
  const sms: { to: string; body: string }[] = [];
  const start = async (db: DbHandle, over: Pick<AppOptions, 'operatorSecretKeys'> = {}) => {
    const built = await buildApp({
      database: db,
      dataDir,
      hashCost: opts.hashCost ?? TEST_HASH_COST,
      hashing: opts.hashing ?? { concurrency: 4, maxWaiting: 1000 },
      validateResponses: true,
      sessionTtlMs: opts.sessionTtlMs,
      sessionIdle: opts.sessionIdle,
      loginLimits: { ...TEST_LOGIN_LIMITS, ...opts.loginLimits },
      webDist: opts.webDist,
      publicConfig: opts.publicConfig,
      payments: opts.payments,
      feed: opts.feed,
      push: opts.push,
      log: opts.logStream ? { level: 'trace', stream: opts.logStream } : undefined,
      metricsToken: opts.metricsToken,
      metricsListener: opts.metricsListener,
      s3: opts.s3,
      redis: opts.redis,
      qrKeys: opts.qrKeys,
      operatorSecretKeys: 'operatorSecretKeys' in over ? over.operatorSecretKeys : opts.operatorSecretKeys,
      uploads: opts.uploads,
      // behind nginx (TEST_VIA_PROXY=1) as docs/deploy.md configures the servers
      trustProxy: viaProxy,
      ...(opts.smsProvider
        ? { smsProvider: opts.smsProvider, outbox: opts.outbox }
        : {
            sms: {
              async send(to: string, body: string) {
                sms.push({ to, body });
              },
            },
          }),
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    return { ...built, port: typeof address === 'object' && address ? address.port : 0 };
  };
  const { app, deps, services, port, metricsUrl } = await start(database);
  // TEST_VIA_PROXY=1: a second app on the same schema (its own pool, its own buildApp) and nginx
  // round-robin in front of both; every call of the test goes through nginx (docs/deploy.md)
  let second: { app: FastifyInstance; database: DbHandle; port: number } | undefined;
  let proxy: NginxProxy | undefined;
  if (viaProxy) {
    const databaseB = open();
    try {
      const b = await start(databaseB);
      second = { app: b.app, database: databaseB, port: b.port };
      proxy = await startNginx([port, b.port]);
    } catch (err) {
      await second?.app.close();
      await databaseB.close();
      throw err;
    }
  }
  const url = proxy?.url ?? `http://127.0.0.1:${port}`;

  return {
    url,
    upstreams: [port, ...(second ? [second.port] : [])].map((p) => `http://127.0.0.1:${p}`),
    databaseEnv: usePg
      ? { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', DATABASE_SCHEMA: schema ?? '' }
      : { DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_SCHEMA: '' },
    db: database.db,
    deps,
    services,
    metricsUrl,
    kind: database.kind,
    op: operatorService(deps, { settlements: services.settlements, tags: services.tags }),
    sms,
    call: callAt(url),
    async sibling(over) {
      const db = open();
      const b = await start(db, over);
      return {
        url: `http://127.0.0.1:${b.port}`,
        async close() {
          await b.app.close();
          await db.close();
        },
      };
    },
    async close() {
      await proxy?.close();
      if (second) {
        await second.app.close();
        await second.database.close();
      }
      await app.close();
      await database.close();
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the API at `url` (a test server, or a proxy in front of it) as TestServer.call does. */
export function callAt(url: string): TestServer['call'] {
  return async (p, fields = {}, o = {}) => {
    const headers: Record<string, string> = { 'accept-language': o.lang ?? 'en' };
    let body: FormData | string;
    const all: Fields = { ...fields };
    if (o.token && !o.bearer) all.token = o.token;
    if (o.token && o.bearer) headers.authorization = `Bearer ${o.token}`;
    if (o.urlencoded) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(all)) {
        if (v === undefined || v === null) continue;
        if (Array.isArray(v)) for (const item of v) params.append(`${k}[]`, String(item));
        else params.append(k, String(v));
      }
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      body = encode(all, o.files);
    }
    const res = await fetch(`${url}/api/${p}`, { method: 'POST', headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json as any, headers: res.headers };
  };
}

let phoneSeq = 0;
/**
 * A fresh Qatari mobile number for each account in a file: the prefix, two digits of the process
 * id and a 5-digit sequence (the full races make more than 10,000 accounts in one file; a 4-digit
 * sequence ran into a ninth digit, which the phone rules refuse).
 */
export const nextMobile = (prefix = '9745'): string => {
  if (++phoneSeq > 99_999) throw new Error('nextMobile: more than 99,999 accounts in one file');
  return `${prefix}${String(process.pid % 100).padStart(2, '0')}${String(phoneSeq).padStart(5, '0')}`;
};

export interface MerchantFixture {
  id: number;
  token: string;
  mobile: string;
  password: string;
  name: string;
}

/** Signs up a merchant through the API and, unless told otherwise, approves it as the operator would. */
export async function merchantFixture(
  t: TestServer,
  opts: { approved?: boolean; name?: string } = {},
): Promise<MerchantFixture> {
  const mobile = nextMobile();
  const password = 'secret-pass-1';
  const name = opts.name ?? `Merchant ${mobile}`;
  const res = await t.call('merchant/signup', { name, mobile, password, check: true, userCurrncy: 'USD' });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (opts.approved !== false) await t.op.approveMerchant(mobile);
  return { id: res.body.data.id, token: res.body.data.token, mobile, password, name };
}

/** A staff member or courier of the merchant, inserted directly (not through the API under test). */
export async function insertStaff(
  t: TestServer,
  merchantId: number,
  opts: { branchId?: number | null; rule?: 'merchantUser' | 'delivery'; isActive?: number; lName?: string } = {},
) {
  const rule = opts.rule ?? 'merchantUser';
  const mobileNum = nextMobile('9743');
  const password = 'staff-pass-1';
  const now = nowIso();
  const row = await t.db
    .insertInto('merchantUsers')
    .values({
      merchantId,
      branchId: opts.branchId ?? null,
      fName: 'Sami',
      mName: 'K',
      lName: opts.lName ?? 'Staff',
      mobileNum,
      passwordHash: await hashPassword(password, TEST_HASH_COST),
      rule,
      isActive: opts.isActive ?? 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, mobileNum, password };
}

/** A staff member (or courier) of the merchant at a branch, signed in. */
export async function staffLogin(
  t: TestServer,
  merchantId: number,
  branchId: number | null,
  rule: 'merchantUser' | 'delivery' = 'merchantUser',
) {
  const staff = await insertStaff(t, merchantId, { branchId, rule });
  const res = await t.call('merchant/login', { username: staff.mobileNum, password: staff.password });
  if (res.status !== 200) throw new Error(`staff login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: staff.id, token: res.body.data.token as string };
}

/** The last code texted to a number (`t.sms`, the test's SMS capture). */
export function lastCodeTo(t: TestServer, mobile: string): string {
  const text = t.sms.filter((s) => s.to === mobile).at(-1)?.body ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code texted to ${mobile}: ${JSON.stringify(text)}`);
  return code;
}

export interface CustomerAccount {
  id: number;
  mobile: string;
  password: string;
  name: string;
  /** A session of the customer (`user/verify` signs in). */
  token: string;
}

/**
 * A customer who signed up alone and confirmed the number with the texted code (docs/security.md,
 * "Customers prove their phone"), signed in.
 */
export async function signUpCustomer(
  t: TestServer,
  o: { name?: string; mobile?: string; password?: string; userCurrncy?: string } = {},
): Promise<CustomerAccount> {
  const mobile = o.mobile ?? nextMobile('9746');
  const password = o.password ?? 'cust-pass-1';
  const name = o.name ?? `Customer ${mobile}`;
  const signup = await t.call('user/signup', { name, mobile, password, userCurrncy: o.userCurrncy ?? 'USD' });
  if (signup.status !== 200) throw new Error(`customer signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const verified = await t.call('user/verify', { mobile, code: lastCodeTo(t, mobile), password });
  if (verified.status !== 200)
    throw new Error(`customer verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { id: signup.body.data.id, mobile, password, name, token: verified.body.data.token };
}
