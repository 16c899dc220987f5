/**
 * The front door in the browser: the bare origin (the README's landing URL) opens the app, the
 * login screen for a visitor and the dashboard once signed in, under the real security headers
 * (no content-security-policy violation on the way).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  LANGS,
  loginThroughUi,
  newPage,
  openE2E,
  screenshot,
} from './harness';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

/** Console errors the page logs (a CSP violation is one), collected from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

describe.each(LANGS)('the bare origin (%s)', (lang) => {
  it('shows the login screen to a visitor, with or without a query', async () => {
    const { page, context } = await newPage(browser, lang);
    const errors = consoleErrors(page);
    for (const entry of ['/', '/?x=1']) {
      const res = await page.goto(`${server.url}${entry}`);
      expect(res?.status(), entry).toBe(200);
      expect(res?.headers()['content-security-policy'], entry).toContain("script-src 'self'");
      await page.waitForURL('**/login');
      await page.locator('input[type=tel]').waitFor();
      await page.locator('input[type=password]').first().waitFor();
    }
    // the page itself started fetching the sign-in screen's chunks (and Arabic's strings), its
    // inline script allowed by the policy's hash (apps/web/vite.config.ts, PRELOAD_SCRIPT)
    expect(await page.locator('link[rel=modulepreload][href*="/assets/login-page-"]').count()).toBeGreaterThan(0);
    expect(await page.locator('link[rel=modulepreload][href*="/assets/locale-ar-"]').count()).toBe(
      lang === 'ar' ? 1 : 0,
    );
    await screenshot(page, `front-door-login-${lang}`);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await context.close();
  });

  it('opens the dashboard for a signed-in merchant', async () => {
    const { page, context } = await newPage(browser, lang);
    const errors = consoleErrors(page);
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('merchant-dashboard').waitFor();
    expect(await page.locator('link[rel=modulepreload][href*="/assets/app-layout-"]').count()).toBeGreaterThan(0);
    await screenshot(page, `front-door-dashboard-${lang}`);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await context.close();
  });
});
