/**
 * Stateless servers behind a proxy (docs/deploy.md, "Several servers behind nginx"): two servers
 * on one PostgreSQL schema (this test's in-process server and a real `main.ts` process) behind
 * Debian's nginx, round-robin, on a loopback port. Through the proxy: the same answers from both,
 * login limits counted across both (auth_throttles), and 50 concurrent approvals that move the
 * ledger once. PostgreSQL only (the embedded database belongs to one process); skipped with a
 * message when TEST_DATABASE_URL is unset or nginx cannot be installed (scripts/install-nginx.sh).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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

const root = path.resolve(__dirname, '../../..');
const usePg = process.env.TEST_DB === 'postgres';
const NGINX = '/usr/sbin/nginx';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });

async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await sleep(100);
  }
}

/** The nginx configuration of docs/deploy.md, with paths in `dir` and an X-Upstream header for the test. */
export function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream loyalty {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 60m;
    location = /metrics { return 404; }
    location / {
      proxy_pass http://loyalty;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

function nginxAvailable(): boolean {
  if (fs.existsSync(NGINX)) return true;
  try {
    execFileSync('bash', [path.join(root, 'scripts/install-nginx.sh')], { stdio: 'inherit', timeout: 300_000 });
  } catch {
    /* reported below */
  }
  return fs.existsSync(NGINX);
}

const skipWhy = !usePg
  ? 'TEST_DATABASE_URL is not set (several servers need PostgreSQL)'
  : !nginxAvailable()
    ? 'nginx is not installed and could not be (scripts/install-nginx.sh)'
    : undefined;
if (skipWhy && usePg) console.warn(`proxy.test.ts skipped: ${skipWhy}`);

describe.skipIf(skipWhy !== undefined)('two servers behind nginx on one PostgreSQL', () => {
  let t: TestServer;
  let proxied: TestServer;
  let proxyUrl: string;
  let m: MerchantFixture;
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

    const listen = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(dir, listen, [portA, portB]));
    let outN = '';
    const n = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(n);
    n.stderr?.on('data', (d) => {
      outN += d;
    });
    proxyUrl = `http://127.0.0.1:${listen}`;
    await waitFor(
      'nginx',
      async () => (await fetch(`${proxyUrl}/api/health`)).ok,
      20_000,
      () => outN,
    );
    proxied = { ...t, url: proxyUrl, call: callAt(proxyUrl) };
    m = await merchantFixture(proxied);
  }, 180_000);

  afterAll(async () => {
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
