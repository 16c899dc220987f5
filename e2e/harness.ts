/**
 * Browser-test harness: starts the real server (built web app, fresh embedded database in a temp
 * DATA_DIR, a free port), runs operator commands against the same data, and drives Debian's
 * Chromium through playwright-core. Screenshots go to e2e/screenshots/ for a person to look at.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { adminCommand } from '../apps/server/test/admin-command';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
export const screenshotsDir = path.join(root, 'e2e/screenshots');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface E2EServer {
  url: string;
  dataDir: string;
  /** Runs `npm run admin -- ...args` against this server's data. */
  admin(...args: string[]): Promise<string>;
  /** POSTs form fields to /api/<path>; returns the parsed body (throws on non-2xx). */
  api<T = any>(
    p: string,
    fields?: Record<string, string | number | boolean | (string | number)[]>,
    token?: string,
  ): Promise<T>;
  log(): string;
  stop(): Promise<void>;
}

/** `env` adds settings of the server's environment (PUSH_ALLOW_HTTP for the push test). */
export async function startServer(opts: { env?: Record<string, string> } = {}): Promise<E2EServer> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm test does it).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(tsx, ['apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async admin(...args) {
      // this server's database: its DATA_DIR, never a DATABASE_URL from the environment
      return (await adminCommand(args, { ...env, DATABASE_URL: '' })).stdout;
    },
    async api(p, fields = {}, token) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (Array.isArray(v)) for (const item of v) form.append(`${k}[]`, String(item));
        else form.append(k, String(v));
      }
      if (token) form.append('token', token);
      const res = await fetch(`${url}/api/${p}`, { method: 'POST', body: form });
      const body = await res.json();
      if (!res.ok) throw new Error(`${p} → ${res.status} ${JSON.stringify(body)}`);
      return body.data;
    },
    log: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A customer who signed up through the customer API and whose number is confirmed (customers prove
 * their phone before they can sign in: docs/security.md). The code texted at sign-up is kept only as
 * a hash, so the test confirms the number as the operator can: `npm run admin -- customer verify`.
 */
export async function signUpCustomer(
  server: E2EServer,
  v: { name: string; mobile: string; password?: string },
): Promise<void> {
  await server.api('user/signup', {
    name: v.name,
    mobile: v.mobile,
    password: v.password ?? 'cust-pass-1',
    userCurrncy: 'USD',
  });
  await server.admin('customer', 'verify', v.mobile);
}

/** Chromium for the tests; `extraArgs` adds flags for one file (a fake camera for the scanner). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** The server and browser of one test file: started before its tests, stopped after them. */
export interface E2E {
  server: E2EServer;
  browser: Browser;
}

export async function openE2E(opts: { demo?: boolean; env?: Record<string, string> } = {}): Promise<E2E> {
  const server = await startServer({ env: opts.env });
  const browser = await launchBrowser();
  if (opts.demo) await server.admin('demo');
  return { server, browser };
}

export async function closeE2E(e2e: Partial<E2E>): Promise<void> {
  await e2e.browser?.close();
  await e2e.server?.stop();
}

/** A web-app locale file (path under apps/web/src), so a test reads the screen in either language. */
export const readLocale = <T = Record<string, string>>(rel: string): T =>
  JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src', rel), 'utf8')) as T;

export type Lang = 'en' | 'ar';

/**
 * The languages the flows run in: both, unless E2E_LANGS names fewer (CI's second Node line runs
 * the flows in English only: what differs between Node lines is the server, not the screen's words;
 * scripts/ci-node24.sh, docs/decisions/0024).
 */
export const LANGS: Lang[] = (() => {
  const asked = (process.env.E2E_LANGS ?? 'en,ar').split(',').filter((l): l is Lang => l === 'en' || l === 'ar');
  return asked.length ? asked : ['en', 'ar'];
})();

/** A phone-sized page (375 px) whose app language starts as `lang`; desktop when asked. */
export async function newPage(
  browser: Browser,
  lang: Lang,
  opts: { desktop?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    viewport: opts.desktop ? { width: 1280, height: 800 } : { width: 375, height: 812 },
    deviceScaleFactor: 1,
    locale: lang === 'ar' ? 'ar-QA' : 'en-US',
  });
  await context.addInitScript((l) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', l);
  }, lang);
  // Headless Chromium refuses the notification prompt at once, and the app would say "permission
  // denied" after every login: the tests leave the prompt unanswered instead, like a person closing
  // it (e2e/push.test.ts grants or refuses the permission itself).
  await context.addInitScript(() => {
    if (typeof Notification !== 'undefined') Notification.requestPermission = async () => Notification.permission;
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

let mobileSeq = 0;
/** Drawn once per process, so two processes whose pids end alike still differ. */
const mobileRunBlock = String(randomInt(100)).padStart(2, '0');
/** Leading digits of the numbers the tests make: Qatari mobiles start with 3, 5, 6 or 7; the demo uses 5 and 6. */
const MOBILE_LEADS = ['3', '7'];
const PER_LEAD = 100;

/**
 * A fresh local Qatari mobile number (8 digits: 974 + this is a valid mobile) for each account a
 * test creates: a lead digit (3 or 7, so never one of the demo's numbers), the pid (3 digits), a
 * random block drawn once per process (2) and a counter (2). No repeat within a process; across the
 * processes of a run and across runs the pid and the random block keep them apart.
 */
export const localMobile = (): string => {
  const n = mobileSeq++;
  const lead = MOBILE_LEADS[Math.floor(n / PER_LEAD)];
  if (!lead) throw new Error(`localMobile: more than ${MOBILE_LEADS.length * PER_LEAD} numbers in one process`);
  const pid = String(process.pid % 1000).padStart(3, '0');
  return `${lead}${pid}${mobileRunBlock}${String(n % PER_LEAD).padStart(2, '0')}`;
};

/** The full number (country code 974 included) of a fresh local mobile. */
export const fullMobile = (): string => `974${localMobile()}`;

/**
 * Waits until the open sheet (role=dialog) has slid fully into view and no transition or animation
 * is running, so a screenshot shows it at rest.
 */
export async function sheetSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return false;
    const r = dialog.getBoundingClientRect();
    const inView =
      r.height > 0 &&
      r.top >= -1 &&
      r.left >= -1 &&
      r.bottom <= window.innerHeight + 1 &&
      r.right <= window.innerWidth + 1;
    return inView && document.getAnimations().every((a) => a.playState !== 'running');
  });
}

/** The demo's accounts (npm run admin -- demo): every one logs in with this password. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_STAFF = { merchantUser: '97451000000', delivery: '97451000001' };
export const DEMO_MERCHANT = '97450000001';

/** Logs in through the login screen with a local Qatari number (the country selector defaults to Qatar). */
export async function loginThroughUi(page: Page, url: string, fullMobile: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  const local = fullMobile.startsWith('974') ? fullMobile.slice(3) : fullMobile;
  await page.locator('input[type=tel]').fill(local);
  await page.locator('input[type=password]').first().fill(password);
  await page.locator('form button[type=submit]').click();
}
