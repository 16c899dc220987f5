/**
 * The first screen painted by the HTML (issue 28, docs/decisions/0018): the page the server sends
 * already holds the sign-in screen and a merchant's signed-in home in both languages; its own
 * script paints the one of the stored language before any of the app's scripts has run, and React
 * then hydrates it: the painted elements stay, no hydration mismatch is logged, and the screen works.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  LANGS,
  type Lang,
  newPage,
  openE2E,
  readLocale,
  screenshot,
} from './harness';

let server: E2EServer;
let browser: Browser;
/** What the web app keeps in localStorage for the demo merchant (lib/session.ts). */
let merchantStorage: Record<string, string>;
beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  const s = await server.api<{ token: string; rule: string; isAproved: boolean; id: number }>('merchant/login', {
    username: DEMO_MERCHANT,
    password: DEMO_PASSWORD,
  });
  merchantStorage = {
    token: s.token,
    role: s.rule,
    isAproved: String(s.isAproved),
    merchantId: String(s.id),
    user: JSON.stringify({ id: s.id, rule: s.rule, mobile: DEMO_MERCHANT }),
  };
});
afterAll(() => closeE2E({ server, browser }));

const auth = (lang: Lang) => readLocale<Record<string, any>>(`features/auth/locales/${lang}.json`);
const app = (lang: Lang) => readLocale<Record<string, any>>(`locales/${lang}.json`);

/** Console errors and warnings, and uncaught errors (React reports a hydration mismatch as one of these). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/**
 * Keeps, as the parser finishes (before the app's module scripts run), the elements the page
 * painted, so that a test can tell whether React kept them (hydrated) or drew new ones. The country
 * field's stand-in is left out: the country list takes its place by design when the field is used
 * (components/phone-input.tsx).
 */
async function rememberPainted(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as { painted?: Element[]; paintedIds?: string[]; paintedAs?: string | null };
      const standIn = document.querySelector('#root input[role=combobox]')?.closest('.mantine-InputWrapper-root');
      w.painted = Array.from(document.querySelectorAll('#root *')).filter((e) => !standIn?.contains(e));
      w.paintedIds = w.painted.map((e) => e.id);
      w.paintedAs = document.getElementById('root')?.getAttribute('data-first-screen') ?? null;
      (w as { paintedTitle?: string }).paintedTitle = document.querySelector('#root h1')?.textContent ?? '';
    });
  });
}

/**
 * How many of the elements painted by the HTML are still in the page, and those whose id changed
 * since (an input's id ties it to its label and messages: a hydrated screen keeps the painted ones).
 */
const paintedStillThere = (page: Page) =>
  page.evaluate(() => {
    const { painted = [], paintedIds = [] } = window as unknown as { painted?: Element[]; paintedIds?: string[] };
    return {
      painted: painted.length,
      kept: painted.filter((e) => e.isConnected).length,
      gone: painted
        .filter((e) => !e.isConnected)
        .map((e) => `${e.tagName} ${e.className} ${e.parentElement?.className ?? ''}`),
      renamed: painted.flatMap((e, i) => (e.id === paintedIds[i] ? [] : [`${e.tagName}#${paintedIds[i]} → #${e.id}`])),
    };
  });

/** Sums the page's layout shifts (as CLS does, without its windows: an upper bound) into `window.shifts`. */
async function countShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

async function withStorage(page: Page, items: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
  }, items);
}

describe.each(LANGS)('the first screen from the HTML (%s)', (lang) => {
  it('the page sent by the server holds the sign-in form in both languages, without a script', async () => {
    const res = await fetch(`${server.url}/login`);
    const html = await res.text();
    const template = new RegExp(`<template id="first-screen-login-${lang}">([\\s\\S]*?)</template>`).exec(html)?.[1];
    expect(template).toBeTruthy();
    for (const text of [auth(lang).login.title, auth(lang).phone, auth(lang).password, auth(lang).login.submit])
      expect(template).toContain(text);
    // its script is allowed by the policy's hash (http/security.ts reads them from the built page)
    expect(res.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'wasm-unsafe-eval'( 'sha256-[^']+'){2}/,
    );
  });

  it("paints the stored language's sign-in screen before any of the app's scripts has run", async () => {
    const { page, context } = await newPage(browser, lang);
    const problems = consoleProblems(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // no script of the app, no stylesheet file: only what the HTML holds
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.locator('#root').getAttribute('data-first-screen')).toBe(`login-${lang}`);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      lang,
      lang === 'ar' ? 'rtl' : 'ltr',
    ]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(auth(lang).login.title);
    await page.getByLabel(auth(lang).phone).waitFor();
    await page.locator('input[type=password]').waitFor();
    expect(await page.locator('label').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(auth(lang).password)]),
    );
    expect(await page.getByRole('button', { name: auth(lang).login.submit }).isVisible()).toBe(true);
    // styled by the inline CSS: the submit button is the theme's teal, not a bare grey button
    const background = await page
      .getByRole('button', { name: auth(lang).login.submit })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).not.toMatch(/^rgba?\(0, 0, 0, 0\)|rgb\(239, 239, 239\)/);
    await screenshot(page, `first-screen-login-${lang}-html-only`);
    // the disabled links of the inlined stylesheets were not fetched: nothing held the paint back
    expect(requested.filter((p) => p.endsWith('.css'))).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    await context.close();
  });

  it('hydrates the sign-in screen: the painted elements stay, no mismatch is logged, the form works', async () => {
    const { page, context } = await newPage(browser, lang);
    const problems = consoleProblems(page);
    await rememberPainted(page);
    await countShifts(page);
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(`${server.url}/login`);
    await page.locator('input[type=tel]').fill('50000001');
    await page.locator('input[type=password]').first().fill('a-password');
    // the button enables once the form's rules judge it valid: React is in charge of the form
    await expect.poll(() => page.locator('form button[type=submit]').isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { paintedAs?: string }).paintedAs)).toBe(`login-${lang}`);
    const { painted, kept, gone, renamed } = await paintedStillThere(page);
    expect(painted).toBeGreaterThan(20);
    expect(gone).toEqual([]);
    // nor drew them twice: Mantine's own ids would replace the painted ones in a second, synchronous
    // render of every field (vite.config.ts, mantineStableIds)
    expect(renamed).toEqual([]);
    expect(kept).toBe(painted);
    // the full stylesheets followed the hydration
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('link[data-first-screen-css]')).every(
            (l) => !(l as HTMLLinkElement).disabled,
          ),
        ),
      )
      .toBe(true);
    expect(await shifts(page)).toBeLessThanOrEqual(0.02);
    await screenshot(page, `first-screen-login-${lang}-hydrated`);
    // the country list's code is fetched once the page is idle, but the list is drawn only when its
    // field is used: drawn unasked it was a long task in the page's first seconds
    await expect
      .poll(() => scripts.some((p) => /\/country-select-[\w-]+\.js$/.test(p)), { timeout: 10_000 })
      .toBe(true);
    await page.waitForTimeout(500);
    const country = page.getByRole('combobox').first();
    expect(await country.evaluate((e) => e.classList.contains('mantine-Select-input'))).toBe(false);
    await country.focus();
    await page.locator('[role="combobox"].mantine-Select-input').waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('mantine-Select-input'))).toBe(true);
    expect(await page.getByRole('combobox').first().inputValue()).toBe('+974');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps what was typed into the painted form before the app arrived, and the form can be sent', async () => {
    const { page, context } = await newPage(browser, lang);
    const problems = consoleProblems(page);
    // the app's scripts wait until the number and password are typed into the HTML's form
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/**', async (route) => {
      if (route.request().resourceType() === 'script') await typed;
      await route.continue();
    });
    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.locator('#root').getAttribute('data-first-screen')).toBe(`login-${lang}`);
    await page.locator('input[type=tel]').pressSequentially('50000001');
    await page.locator('input[type=password]').first().pressSequentially('a-password');
    release();
    // once the form library attached: the typed values are still there and the form is valid
    await expect.poll(() => page.locator('form button[type=submit]').isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('input[type=tel]').inputValue()).toBe('50000001');
    expect(await page.locator('input[type=password]').first().inputValue()).toBe('a-password');
    expect(problems.filter((p) => /hydrat|#418|#423|#425/i.test(p))).toEqual([]);
    await context.close();
  });

  it("hydrates a merchant's signed-in home, then shows the dashboard's data", async () => {
    const { page, context } = await newPage(browser, lang);
    const problems = consoleProblems(page);
    // the name the home stored on an earlier visit (lib/session.ts, rememberUserName): not the
    // server's, to tell which the page painted
    const user = { ...JSON.parse(merchantStorage.user), name: 'Stored Name' };
    await withStorage(page, { ...merchantStorage, user: JSON.stringify(user), language: lang });
    await rememberPainted(page);
    await countShifts(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      // the orders to accept, told from the home's other list (deliveries without a courier)
      const toAccept = r.postDataBuffer()?.toString().includes('name="toAccept"') ? '?toAccept' : '';
      if (path.startsWith('/api/')) calls.push(path + toAccept);
      else if (path.endsWith('.js') && !calls.includes('script')) calls.push('script');
    });
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('balance').waitFor();
    // what the home waits for was asked for once each, by the page's head script before any of the
    // app's scripts (lib/first-screen-calls.ts); the app's own calls took those answers
    const once = ['/api/merchant/me', '/api/merchant/product/req/list?toAccept', '/api/merchant/branch/list'];
    expect(once.map((p) => calls.filter((c) => c === p).length)).toEqual([1, 1, 1]);
    expect(calls.slice(0, 3).sort()).toEqual([...once].sort());
    expect(calls[3]).toBe('script');
    // the welcome was painted by the HTML with the stored name; the same title now has the server's
    const welcome = (name: string) =>
      (readLocale<Record<string, any>>(`features/dashboard/locales/${lang}.json`).welcome as string).replace(
        '{{name}}',
        `\u2068${name}\u2069`,
      );
    expect(await page.evaluate(() => (window as unknown as { paintedTitle?: string }).paintedTitle)).toBe(
      welcome('Stored Name'),
    );
    await expect
      .poll(() => page.locator('#root h1').textContent())
      .toBe(welcome(await server.api<{ name: string }>('merchant/me', {}, merchantStorage.token).then((m) => m.name)));
    expect(
      await page.evaluate(() =>
        ((window as unknown as { painted?: Element[] }).painted ?? []).some((e) => e.tagName === 'H1' && e.isConnected),
      ),
    ).toBe(true);
    // the painted shell, then the dashboard drawn into it with the whole stylesheets: nothing moved
    await page.waitForTimeout(300);
    expect(await shifts(page)).toBeLessThanOrEqual(0.02);
    expect(await page.evaluate(() => (window as unknown as { paintedAs?: string }).paintedAs)).toBe(`merchant-${lang}`);
    // the header and the footer bar painted by the HTML are the ones React runs
    expect(
      await page.evaluate(() => {
        const painted = (window as unknown as { painted?: Element[] }).painted ?? [];
        return ['header', 'nav'].map(
          (tag) => painted.find((e) => e.tagName.toLowerCase() === tag)?.isConnected ?? false,
        );
      }),
    ).toEqual([true, true]);
    expect(await page.getByRole('navigation').getByText(app(lang).nav.dashboard).isVisible()).toBe(true);
    await screenshot(page, `first-screen-dashboard-${lang}-hydrated`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws, without hydrating, a screen the HTML does not paint, and a guess the app does not confirm', async () => {
    const { page, context } = await newPage(browser, lang);
    const problems = consoleProblems(page);
    // a merchant under review opens the dashboard: the app leads to the activate-account screen
    await withStorage(page, { ...merchantStorage, isAproved: 'false', language: lang });
    await rememberPainted(page);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/profile/activateaccount');
    expect(await page.evaluate(() => (window as unknown as { paintedAs?: string | null }).paintedAs)).toBeNull();
    // the stylesheets came before the screen was drawn
    expect(
      await page.evaluate(() =>
        Array.from(document.querySelectorAll('link[data-first-screen-css]')).every((l) => (l as HTMLLinkElement).sheet),
      ),
    ).toBe(true);
    expect(problems.filter((p) => /hydrat|#418|#423|#425/i.test(p))).toEqual([]);
    await context.close();
  });
});

describe("the first screens' scripts", () => {
  it("start with V8's compile hint (compiled while they download, not at each first call); the other chunks do not", async () => {
    const html = await (await fetch(`${server.url}/dashboard`)).text();
    const block = (id: string) =>
      JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]);
    const entry: string[] = block('first-screen-entry');
    const { signIn, home, ar } = block('first-screen-chunks') as Record<string, string[]>;
    const first = new Set([...entry, ...signIn, ...home, ...ar]);
    expect(entry.length).toBeGreaterThan(1);
    for (const file of first) {
      const code = await (await fetch(`${server.url}/${file}`)).text();
      expect(code.startsWith('//# allFunctionsCalledOnLoad\n'), file).toBe(true);
    }
    const manifest = JSON.parse(
      fs.readFileSync(
        path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/.vite/manifest.json'),
        'utf8',
      ),
    ) as Record<string, { file: string }>;
    const other = Object.values(manifest)
      .map((m) => m.file)
      .filter((f) => f.endsWith('.js') && !first.has(f));
    expect(other.length).toBeGreaterThan(10);
    for (const file of other.slice(0, 5)) {
      const code = await (await fetch(`${server.url}/${file}`)).text();
      expect(code.startsWith('//#'), file).toBe(false);
    }
  });
});
