/**
 * Web vitals from real visits (issue 28; docs/deploy.md, "Web vitals"): the pages of a merchant's
 * day in both languages (sign in, dashboard, menu, an offer, the requests) report LCP, INP and CLS
 * when hidden, and the server's /metrics holds them as histograms per route pattern and language,
 * from which this file reads p75 as `histogram_quantile(0.75, …)` does.
 *
 * Targets (issue 28) at p75: LCP ≤ 1.8 s, INP ≤ 100 ms, CLS ≤ 0.05. CLS does not depend on the
 * machine's speed and is held as it is. LCP and INP are wall-clock times of a browser sharing the
 * test machine's two cores with the server and whatever else runs: they are held as they are when
 * the machine is not overloaded (one-minute load average below twice its cores at the start and at
 * the end of the visits), and otherwise at three times the target, which still catches a screen
 * that became slow; the figures measured are printed either way (bench/README.md, "Web vitals").
 */
import os from 'node:os';
import { APP_ROUTES } from '@loyalty/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
} from './harness';

/** /metrics on the main port answers its token only (docs/security.md, "Metrics and operator tokens"). */
const METRICS_TOKEN = 'e2e-vitals-metrics-token';
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true, env: { METRICS_TOKEN } }));
});
afterAll(() => closeE2E({ server, browser }));

const TARGETS = { lcp: 1.8, inp: 0.1, cls: 0.05 };
const METRICS = { lcp: 'web_vitals_lcp_seconds', inp: 'web_vitals_inp_seconds', cls: 'web_vitals_cls' } as const;
type Name = keyof typeof METRICS;

/** The buckets of one histogram summed over every route and language: le → cumulative count. */
function buckets(text: string, metric: string): [number, number][] {
  const sum = new Map<number, number>();
  for (const m of text.matchAll(new RegExp(`^${metric}_bucket\\{le="([^"]+)",[^}]*\\} (\\d+)$`, 'gm'))) {
    const le = m[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(m[1]);
    sum.set(le, (sum.get(le) ?? 0) + Number(m[2]));
  }
  return [...sum.entries()].sort((a, b) => a[0] - b[0]);
}

/** Prometheus' histogram_quantile: linear within the bucket the rank falls in. */
function quantile(q: number, bs: [number, number][]): number {
  const total = bs.at(-1)?.[1] ?? 0;
  if (total === 0) return Number.NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [le, count] of bs) {
    if (count >= rank) {
      if (le === Number.POSITIVE_INFINITY) return lower;
      return lower + ((le - lower) * (rank - below)) / Math.max(count - below, 1e-9);
    }
    lower = le;
    below = count;
  }
  return lower;
}

const metrics = async () =>
  (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
const count = (text: string, metric: string, route: string, lang: Lang) =>
  Number(
    new RegExp(`^${metric}_count\\{route="${route.replace(/[/:*]/g, '\\$&')}",lang="${lang}"\\} (\\d+)$`, 'm').exec(
      text,
    )?.[1] ?? 0,
  );

/**
 * Counts, in the page, the entries the browser has handed to the page's performance observers, by
 * type: web-vitals' observers are the only ones the app creates, and their callbacks run in the
 * page's own time (a task after the chunk runs, later on a loaded machine). The page's report is
 * whole only once its LCP and first paint entries were delivered: LCP is reported from its
 * observer's callback (a synthetic `visibilitychange` is not trusted, so web-vitals does not finalise
 * LCP on it), and CLS starts being measured at the first paint.
 */
async function countObservedEntries(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __observed: Record<string, number> }).__observed = seen;
    const Native = window.PerformanceObserver;
    window.PerformanceObserver = class extends Native {
      constructor(callback: PerformanceObserverCallback) {
        super((list, observer) => {
          callback(list, observer);
          for (const e of list.getEntries()) seen[e.entryType] = (seen[e.entryType] ?? 0) + 1;
        });
      }
    };
  });
}

/** Waits until the page's observers were given its LCP and first paint (countObservedEntries). */
const measuring = (page: Page) =>
  page.waitForFunction(
    () => {
      const seen = (window as unknown as { __observed?: Record<string, number> }).__observed ?? {};
      return (seen['largest-contentful-paint'] ?? 0) > 0 && (seen.paint ?? 0) > 0;
    },
    undefined,
    { timeout: 20_000 },
  );

/**
 * Hides the page as a phone does when the person switches to another app: the page sends its
 * report, which this waits for. Headless Chromium keeps every page visible whatever is done to its
 * window, and drops some of the beacons of a page unloading under automation (leaving by
 * navigation sends the same beacon on `pagehide`), so the page is told it is hidden the way the
 * browser tells it: `document.visibilityState` becomes 'hidden' and a bubbling `visibilitychange`
 * is fired; web-vitals and the app react to it as to the real one. The measurement starts once the
 * page is idle after its first paint (lib/vitals-start.ts), so the visit first waits until its
 * observers have been given the page's LCP and first paint (countObservedEntries), as a person
 * reading the screen would. A fixed pause there was too short once on a loaded CI machine: the
 * page was hidden before web-vitals had its LCP, and the page view reported none.
 */
async function hide(page: Page, expected: () => Promise<boolean>): Promise<void> {
  await measuring(page);
  // CLS' own observer starts in the first paint's callback: one more task for it to be set up
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await expect.poll(expected, { timeout: 15_000 }).toBe(true);
}

/** The page views of LCP reports for a route and language so far. */
const lcpCount = async (route: string, lang: Lang) => count(await metrics(), METRICS.lcp, route, lang);

/**
 * A merchant's visit in three page views, each hidden at its end: sign in (then the dashboard and
 * the menu, in the same page), the dashboard (then the requests), an offer.
 */
async function visit(lang: Lang, offerId: number): Promise<void> {
  const { page, context } = await newPage(browser, lang);
  await countObservedEntries(page);
  // The first page view is signed in before its measurement starts, as a merchant who knows their
  // password does on a slow phone (the measurement starts at idle, once /api/config answered: held
  // here until the dashboard is up). Its LCP is still the sign-in page's, the route it loaded on.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route('**/api/config', async (route) => {
    await released;
    await route.continue();
  });
  await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.getByTestId('balance').waitFor();
  release();
  await measuring(page);
  await context.unroute('**/api/config');
  await page.locator('nav a[href="/setting"]').click();
  await page.waitForURL('**/setting');
  await hide(page, async () => (await lcpCount('/login', lang)) === 1);
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('balance').waitFor();
  await page.locator('a[href="/search"]').first().click();
  await page.waitForURL('**/search');
  await hide(page, async () => (await lcpCount('/dashboard', lang)) === 1);
  await page.goto(`${server.url}/offer/${offerId}`);
  await page.locator('main').getByRole('heading').first().waitFor();
  await hide(page, async () => (await lcpCount('/offer/:id', lang)) === 1);
  await context.close();
}

describe('web vitals from the pages in use', () => {
  it('reach /metrics per route pattern and language, without ids, and hold the p75 targets', async () => {
    const loadAtStart = os.loadavg()[0];
    const { token } = await server.api<{ token: string }>('merchant/login', {
      username: DEMO_MERCHANT,
      password: DEMO_PASSWORD,
    });
    const offers = await server.api<{ rows: { id: number }[] }>('merchant/offer/list', { limit: 1 }, token);
    const offerId = offers.rows[0].id;
    for (const lang of ['en', 'ar'] as Lang[]) await visit(lang, offerId);
    const loaded = Math.max(loadAtStart, os.loadavg()[0]) >= 2 * os.cpus().length;

    const text = await metrics();
    const total = (metric: string, lang: Lang) =>
      APP_ROUTES.reduce((n, route) => n + count(text, metric, route, lang), 0);
    for (const lang of ['en', 'ar'] as Lang[]) {
      // three page views: LCP with the route each loaded on, CLS with the route of its last change
      expect(count(text, METRICS.lcp, '/login', lang), `LCP /login ${lang}`).toBe(1);
      expect(count(text, METRICS.lcp, '/dashboard', lang), `LCP /dashboard ${lang}`).toBe(1);
      expect(total(METRICS.lcp, lang), `LCP ${lang}`).toBe(3);
      expect(total(METRICS.cls, lang), `CLS ${lang}`).toBe(3);
      // typing and clicking: interactions measured in each of the first two page views
      expect(total(METRICS.inp, lang), `INP ${lang}`).toBeGreaterThanOrEqual(2);
    }
    // route labels are the app's patterns: never an address with an id
    const routes = new Set([...text.matchAll(/^web_vitals_\w+\{[^}]*route="([^"]+)"/gm)].map((m) => m[1]));
    for (const route of routes) expect(APP_ROUTES as readonly string[]).toContain(route);
    expect(text).not.toContain(`/offer/${offerId}"`);

    const p75 = Object.fromEntries(
      (Object.keys(METRICS) as Name[]).map((n) => [n, quantile(0.75, buckets(text, METRICS[n]))]),
    ) as Record<Name, number>;
    console.log(
      `web vitals p75 over ${buckets(text, METRICS.lcp).at(-1)?.[1]} page views: LCP ${p75.lcp.toFixed(3)} s, INP ${(p75.inp * 1000).toFixed(0)} ms, CLS ${p75.cls.toFixed(3)}; load average ${loadAtStart.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores${loaded ? ' (overloaded: LCP and INP held at 3× the target)' : ''}`,
    );
    expect(p75.cls).toBeLessThanOrEqual(TARGETS.cls);
    const slack = loaded ? 3 : 1;
    expect(p75.lcp).toBeLessThanOrEqual(TARGETS.lcp * slack);
    expect(p75.inp).toBeLessThanOrEqual(TARGETS.inp * slack);
  });
});
