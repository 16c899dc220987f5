/**
 * Stateless servers behind a proxy (docs/deploy.md, "Several servers behind nginx"): two servers
 * on one PostgreSQL schema (this test's in-process server and a real `main.ts` process) behind
 * Debian's nginx, round-robin, on a loopback port. Through the proxy: the same answers from both,
 * login limits counted across both (auth_throttles), and 50 concurrent approvals that move the
 * ledger once. PostgreSQL only (the embedded database belongs to one process); skipped with a
 * message when TEST_DATABASE_URL is unset or nginx cannot be installed (scripts/install-nginx.sh).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/lib/rate-limit';
import {
  approveConcurrently,
  balanceOf,
  customerFixture,
  expectLedgerInvariant,
  requestOffer,
  shopFixture,
} from './fixtures-requests';
import { callAt, type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';
import { type NginxProxy, nginxMissing, startNginx, waitFor } from './nginx';
import { freePort } from './ports';

const root = path.resolve(__dirname, '../../..');
const usePg = process.env.TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const skipWhy = !usePg ? 'TEST_DATABASE_URL is not set (several servers need PostgreSQL)' : nginxMissing();
if (skipWhy && usePg) console.warn(`proxy.test.ts skipped: ${skipWhy}`);

describe.skipIf(skipWhy !== undefined)('two servers behind nginx on one PostgreSQL', () => {
  let t: TestServer;
  let proxied: TestServer;
  let proxyUrl: string;
  let m: MerchantFixture;
  let nginx: NginxProxy | undefined;
  const children: ChildProcess[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-nginx-'));

  beforeAll(async () => {
    t = await startTestServer();
    const portA = Number(new URL(t.url).port);
    const portB = await freePort();
    const webDist = path.join(dir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>stub</title>');
    let outB = '';
    const b = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...t.databaseEnv,
        DATA_DIR: path.join(dir, 'data-b'),
        PORT: String(portB),
        HOST: '127.0.0.1',
        WEB_DIST: webDist,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(b);
    b.stdout?.on('data', (d) => {
      outB += d;
    });
    b.stderr?.on('data', (d) => {
      outB += d;
    });
    await waitFor(
      'the second server',
      async () => (await fetch(`http://127.0.0.1:${portB}/api/health`)).ok,
      120_000,
      () => outB,
    );

    nginx = await startNginx([portA, portB]);
    proxyUrl = nginx.url;
    proxied = { ...t, url: proxyUrl, call: callAt(proxyUrl) };
    m = await merchantFixture(proxied);
  }, 180_000);

  afterAll(async () => {
    await nginx?.close();
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await sleep(500);
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('spreads requests over both servers, which give the same answers', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await proxied.call('merchant/me', {}, { token: m.token, bearer: true }));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.headers.get('x-upstream'))).size).toBe(2);
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    // /metrics is not exposed through the proxy
    expect((await fetch(`${proxyUrl}/metrics`)).status).toBe(404);
  });

  it('counts login failures across both servers', async () => {
    const c = await customerFixture(proxied);
    const tries = [];
    for (let i = 0; i < LOGIN_LIMITS.perPhone.free + 3; i++)
      tries.push(await proxied.call('user/login', { username: c.mobile, password: 'wrong-password-1' }));
    expect(new Set(tries.map((r) => r.headers.get('x-upstream'))).size).toBe(2);
    // the free failures are shared, whichever server answers; then both refuse
    expect(tries.map((r) => r.status)).toEqual([...Array(LOGIN_LIMITS.perPhone.free).fill(401), ...Array(3).fill(429)]);
    const refusedBy = new Set(tries.filter((r) => r.status === 429).map((r) => r.headers.get('x-upstream')));
    expect(refusedBy.size).toBe(2);
  });

  it('50 concurrent approvals through the proxy move the ledger once', async () => {
    const shop = await shopFixture(proxied);
    const c = await customerFixture(proxied, 100);
    const r = await requestOffer(proxied, shop, c);
    const results = await approveConcurrently(proxied, shop, 'req/approve', r.id);
    expect(results.map((x) => x.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((x) => x.headers.get('x-upstream'))).size).toBe(2);
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(40);
    const moves = await t.db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('reference', '=', `offer_request:${r.id}`)
      .execute();
    expect(moves).toHaveLength(2);
    await expectLedgerInvariant(t);
  });
});
