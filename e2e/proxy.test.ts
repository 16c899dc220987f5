/**
 * One browser flow through nginx (docs/deploy.md, "Several servers behind nginx"): two real
 * servers on one PostgreSQL schema behind Debian's nginx, round-robin; a merchant logs in through
 * the proxy and sees the dashboard (its session, made by one server, is honoured by the other).
 * Skipped with a message when TEST_DATABASE_URL is unset or nginx is not installed
 * (scripts/install-nginx.sh).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullMobile, launchBrowser, loginThroughUi, newPage } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';
const dbUrl = process.env.TEST_DATABASE_URL;
const skipWhy = !dbUrl
  ? 'TEST_DATABASE_URL is not set (two servers need PostgreSQL)'
  : !fs.existsSync(NGINX)
    ? 'nginx is not installed (scripts/install-nginx.sh)'
    : undefined;
if (skipWhy) console.warn(`e2e/proxy.test.ts skipped: ${skipWhy}`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });

async function waitUp(url: string, what: string, output: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(skipWhy !== undefined)('through nginx, two servers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-nginx-'));
  const schema = `e2e_proxy_${process.pid}`;
  const children: ChildProcess[] = [];
  let proxyUrl = '';
  let browser: Browser;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const ports = [await freePort(), await freePort()];
    let output = '';
    for (const [i, port] of ports.entries()) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(dir, `data-${i}`),
          DATABASE_URL: dbUrl,
          DATABASE_SCHEMA: schema,
          TRUST_PROXY: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => {
        output += d;
      });
      child.stderr?.on('data', (d) => {
        output += d;
      });
      children.push(child);
      // one after the other: the first migrates the schema
      await waitUp(`http://127.0.0.1:${port}`, `server ${i + 1}`, () => output);
    }
    const listen = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      `worker_processes 1;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream loyalty { ${ports.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 16; }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://loyalty;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
    );
    children.push(
      spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
        stdio: 'ignore',
      }),
    );
    proxyUrl = `http://127.0.0.1:${listen}`;
    await waitUp(proxyUrl, 'nginx', () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1_000));
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a merchant logs in through the proxy and sees the dashboard', async () => {
    const mobile = fullMobile();
    const password = 'proxy-pass-12';
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Proxy Shop', mobile, password, check: 'true', userCurrncy: 'USD' }))
      form.append(k, v);
    const signup = await fetch(`${proxyUrl}/api/merchant/signup`, { method: 'POST', body: form });
    expect(signup.status).toBe(200);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query(`UPDATE ${schema}.merchants SET status = 'approved' WHERE mobile = $1`, [mobile]);
    await db.end();

    const { page, context } = await newPage(browser, 'en', { desktop: true });
    await loginThroughUi(page, proxyUrl, mobile, password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('merchant-dashboard').isVisible()).toBe(true);
    expect(await page.locator('body').textContent()).toMatch(/balance/i);
    // reloading sends the next requests round-robin to the other server: still signed in
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await expect.poll(() => page.getByTestId('merchant-dashboard').isVisible()).toBe(true);
    }
    await context.close();
  });
});
