/**
 * One browser flow through nginx (docs/deploy.md, "Several servers behind nginx"): two real
 * servers on one PostgreSQL schema behind Debian's nginx, round-robin; a merchant logs in through
 * the proxy and sees the dashboard (its session, made by one server, is honoured by the other).
 * Skipped with a message when TEST_DATABASE_URL is unset or nginx is not installed
 * (scripts/install-nginx.sh). nginx's configuration and start are the server suite's
 * (apps/server/test/nginx.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, type NginxProxy, startNginx, waitFor } from '../apps/server/test/nginx';
import { freePort } from '../apps/server/test/ports';
import { fullMobile, launchBrowser, loginThroughUi, newPage } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dbUrl = process.env.TEST_DATABASE_URL;
const skipWhy = !dbUrl
  ? 'TEST_DATABASE_URL is not set (two servers need PostgreSQL)'
  : !fs.existsSync(NGINX)
    ? 'nginx is not installed (scripts/install-nginx.sh)'
    : undefined;
if (skipWhy) console.warn(`e2e/proxy.test.ts skipped: ${skipWhy}`);

describe.skipIf(skipWhy !== undefined)('through nginx, two servers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-nginx-'));
  const schema = `e2e_proxy_${process.pid}`;
  const children: ChildProcess[] = [];
  let proxy: NginxProxy | undefined;
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
      await waitFor(
        `server ${i + 1}`,
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
        120_000,
        () => output,
      );
    }
    proxy = await startNginx(ports);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
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
    const proxyUrl = proxy!.url;
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
    await page.getByTestId('merchant-dashboard').waitFor();
    expect(await page.locator('body').textContent()).toMatch(/balance/i);
    // reloading sends the next requests round-robin to the other server: still signed in
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await page.getByTestId('merchant-dashboard').waitFor();
    }
    await context.close();
  });
});
