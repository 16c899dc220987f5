/**
 * Web polish of issue 8 in the browser, in English and Arabic: a missing offer shows the not-found
 * state with a way back; the offers list shows money and points in the language's one format; a
 * taken mobile in add-employee shows under the mobile field; the footer fits a 375 px phone; the
 * service worker is registered after load so the app can be installed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  LANGS,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
} from './harness';
import { fillEmployee, textsOf } from './staff-helpers';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

const RLM = '\u200f';
/** The demo's "Family breakfast box": $75.50 and 250 P. */
const money = (lang: Lang) =>
  lang === 'ar' ? { price: `${RLM}75.50 $`, points: `${RLM}250 P` } : { price: '$75.50', points: '250 P' };

describe.each(LANGS)('web polish (%s)', (lang) => {
  const app = readLocale<{ detail: Record<string, string>; nav: Record<string, string> }>(`locales/${lang}.json`);
  let page: Page;

  beforeAll(async () => {
    ({ page } = await newPage(browser, lang));
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => page?.context().close());

  it('shows the not-found state for a missing offer and a non-numeric id, with a way back', async () => {
    await page.goto(`${server.url}/offer/999999`);
    const state = page.getByTestId('not-found-state');
    await state.waitFor();
    expect(await state.textContent()).toContain(app.detail.notFoundTitle);
    expect(await state.textContent()).toContain(app.detail.notFoundText);
    await screenshot(page, `web-polish-not-found-${lang}`);
    await state.getByRole('link', { name: app.detail.goBack }).click();
    await page.waitForURL('**/setting?sheet=offers');

    await page.goto(`${server.url}/offer/abc`);
    await page.getByTestId('not-found-state').waitFor();
  });

  it('shows prices and points in one format on the offers list and the offer page', async () => {
    await page.goto(`${server.url}/setting?sheet=offers`);
    const card = page
      .getByRole('dialog')
      .getByTestId('offer-card')
      .filter({ hasText: lang === 'ar' ? 'صندوق' : 'Family' });
    await card.waitFor();
    const { price, points } = money(lang);
    const amounts = card.locator('bdi[dir]');
    expect(await amounts.allTextContents()).toEqual([price, points]);
    // each amount reads in the language's direction, so "75.50 $" is never drawn "$ 75.50" in one place and "75.50 $" in another
    expect(await amounts.first().getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await screenshot(page, `web-polish-offers-${lang}`);

    await card.click();
    await page.waitForURL(/\/offer\/\d+$/);
    const header = page.locator('main');
    await header.getByText(price, { exact: true }).first().waitFor();
    expect(await header.getByText(points, { exact: true }).count()).toBeGreaterThan(0);
  });

  it('shows a taken mobile in add-employee under the mobile field', async () => {
    const tx = textsOf(lang);
    await page.goto(`${server.url}/add-employee`);
    const form = page.locator('form');
    await fillEmployee(
      page,
      form,
      tx,
      {
        fName: `Dup${lang}`,
        local: DEMO_STAFF.merchantUser.slice(3),
        password: 'staff-pass-1',
        branch: lang === 'ar' ? 'الخليج الغربي' : 'West Bay',
      },
      tx.roles.merchantUser,
    );
    await form.locator('button[type=submit]').click();
    const mobile = form.locator('input[type=tel]');
    await expect.poll(() => mobile.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    const describedBy = (await mobile.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(errorId).toBeTruthy();
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(tx.msg('mobileTaken'));
    await screenshot(page, `web-polish-employee-taken-${lang}`);
  });

  it('fits the footer on a 375 px phone, every label on one line', async () => {
    await page.goto(`${server.url}/dashboard`);
    const labels = page.locator('nav a span, nav button span');
    await page.getByRole('button', { name: app.nav.productList }).waitFor();
    const sizes = await labels.evaluateAll((els) =>
      els
        .filter((e) => e.textContent?.trim())
        .map((e) => ({
          text: e.textContent,
          fits: e.scrollWidth <= e.clientWidth,
          height: e.getBoundingClientRect().height,
        })),
    );
    expect(sizes.map((s) => s.text)).toContain(app.nav.productList);
    for (const s of sizes) {
      expect(s.fits, `${s.text} is cut`).toBe(true);
      expect(s.height, `${s.text} wraps`).toBeLessThan(20);
    }
  });

  it('registers the service worker after load, so the app can be installed', async () => {
    await page.goto(`${server.url}/dashboard`);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), {
        timeout: 15_000,
      })
      .toBe(1);
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: expect.any(String), start_url: '/', display: 'standalone' });
    expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);
  });
});
