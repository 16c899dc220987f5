// The main thread's long tasks of /login and the signed-in /dashboard, as a phone would run them:
// Debian's Chromium with its CPU slowed 4× (as Lighthouse's simulation assumes), a trace of the page's
// first seconds, and for each task over 50 ms what it ran. The sum over FCP of (task − 50 ms) is the
// page's blocking time, measured rather than simulated: steadier from run to run than Lighthouse's,
// it is what bench/README.md ("Lighthouse", the long tasks one by one) compares builds by.
//
//   node bench/lib/long-tasks.mjs [page] [lang]      page /login or /dashboard, lang en or ar (all four by default);
//   `npm run bench -- --lighthouse` adds them to its report.
//   LONG_TASKS_RUNS=3 (runs per page, the median shown), LONG_TASKS_WEB_DIST (another build of the web
//   app, e.g. `vite build --minify false --outDir /tmp/x` for readable names), LONG_TASKS_CPU (4).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { DEMO_MERCHANT, sessionStorageOf, withDemoServer } from './lighthouse.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Math.max(1, Number(process.env.LONG_TASKS_RUNS ?? 3));
const CPU = Number(process.env.LONG_TASKS_CPU ?? 4);
const short = (url) => url.replace(/.*\//, '').replace(/-[\w-]{8}\.js$/, '.js');

/** One load of `url`: the tasks of the page's main thread over 50 ms, and the blocking time after FCP. */
async function traceOnce(browser, baseUrl, page, storage) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const tab = await context.newPage();
  await tab.goto(`${baseUrl}/favicon.ico`).catch(() => {});
  await tab.evaluate((items) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage);
  const cdp = await context.newCDPSession(tab);
  await browser.startTracing(tab, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await tab.goto(`${baseUrl}${page}`);
  await tab.waitForTimeout(5000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  // the page's main thread: the renderer thread with the most tasks
  let main;
  for (const t of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const n = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').length;
    if (!main || n > main.n) main = { pid: t.pid, tid: t.tid, n };
  }
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const start = fcp?.ts ?? 0;
  const tasks = own
    .filter((e) => e.name === 'RunTask' && e.dur > 50_000)
    .map((t) => {
      const inside = own.filter((e) => e !== t && e.name !== 'RunTask' && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
      const top = inside.filter(
        (k) => !inside.some((o) => o !== k && o.ts <= k.ts && o.ts + o.dur >= k.ts + k.dur && o.dur > k.dur),
      );
      const what = top
        .filter((k) => k.dur > 5_000)
        .map((k) => {
          const d = k.args?.data ?? {};
          const where = d.url ? `(${short(d.url)}${d.functionName ? `:${d.functionName}` : ''})` : '';
          return `${k.name}${where} ${Math.round(k.dur / 1000)}`;
        })
        .join(', ');
      return { at: Math.round((t.ts - start) / 1000), ms: Math.round(t.dur / 1000), what };
    });
  const blocking = tasks.filter((t) => t.at >= 0).reduce((sum, t) => sum + t.ms - 50, 0);
  return { tasks, blocking };
}

/**
 * The long tasks of `pages` in `lang` against a running server with the demo (`baseUrl`): markdown
 * lines, the median run's tasks of each page.
 */
export async function measureLongTasks(log, baseUrl, pages = ['/login', '/dashboard'], langs = ['en', 'ar']) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const lines = [];
  try {
    for (const page of pages)
      for (const lang of langs) {
        const session = page === '/login' ? {} : await sessionStorageOf(baseUrl, DEMO_MERCHANT);
        const runs = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await traceOnce(browser, baseUrl, page, { language: lang, ...session }));
        runs.sort((a, b) => a.blocking - b.blocking);
        const median = runs[Math.floor(runs.length / 2)];
        const head = `${page} ${lang}: blocking time after FCP ${median.blocking} ms (runs: ${runs.map((r) => r.blocking).join(', ')}; CPU ${CPU}× slower)`;
        log(`  long tasks ${head}`);
        lines.push(`- ${head}`);
        for (const t of median.tasks) lines.push(`  - at ${t.at} ms, ${t.ms} ms: ${t.what || '(style, layout)'}`);
      }
  } finally {
    await browser.close();
  }
  return lines;
}

// On its own: node bench/lib/long-tasks.mjs [page] [lang]
if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = process.argv[2] ? [process.argv[2]] : undefined;
  const langs = process.argv[3] ? [process.argv[3]] : undefined;
  const webDist = process.env.LONG_TASKS_WEB_DIST ?? path.join(root, 'apps/web/dist');
  await withDemoServer(webDist, async (baseUrl) =>
    console.log((await measureLongTasks(() => {}, baseUrl, pages, langs)).join('\n')),
  );
}
