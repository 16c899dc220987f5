/**
 * Issue 26, points 5 and 6 in the browser, in English and Arabic, at 375 px: the staff member's home
 * lists the order waiting to be accepted with its countdown, one tap from its page, where they
 * accept it; the merchant's reports show, per branch, the median time to accept, the share accepted
 * in time, the orders auto-canceled and the minutes paused, as the server computes them.
 */
import type { Browser } from 'playwright-core';
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
  signUpCustomer,
} from './harness';
import { field, submitAndSeeToast } from './staff-helpers';

const acceptTexts = (lang: Lang) =>
  readLocale<{ accept: Record<string, string> }>(`features/product-requests/locales/${lang}.json`).accept;
/** Arabic-Indic digits as Latin ones, to compare a screen's figure with the API's. */
const latin = (s: string | null) => (s ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));

let server: E2EServer;
let browser: Browser;
let merchantToken: string;
let staffBranch: number;
let productId: number;
let seq = 0;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
  const { token: staffToken } = await server.api('merchant/login', {
    username: DEMO_STAFF.merchantUser,
    password: DEMO_PASSWORD,
  });
  staffBranch = (await server.api('merchantUser/me', {}, staffToken)).branchId;
  const products = await server.api('merchant/product/list', {}, merchantToken);
  productId = products.rows.find((p: { name: string }) => p.name === 'Saffron date cake').id;
});
afterAll(() => closeE2E({ server, browser }));

async function orderAsNewCustomer(lang: Lang) {
  const name = `E2E waits ${lang} ${++seq}`;
  const mobile = `97467${String(Date.now() % 100000).padStart(5, '0')}${seq % 10}`;
  await signUpCustomer(server, { name, mobile });
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const { id } = await server.api(
    'user/product/request',
    { productId, branchId: staffBranch, type: 'pickup', payWith: 'price' },
    token,
  );
  return { id: id as number, name };
}

describe.each(LANGS)('what waits on the home (%s)', (lang) => {
  it("the staff member's home lists the order to accept; one tap opens it and they accept it", async () => {
    const a = acceptTexts(lang);
    const order = await orderAsNewCustomer(lang);
    const { page, context } = await newPage(browser, lang);
    try {
      await loginThroughUi(page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
      await page.waitForURL('**/dashboard');
      await page.getByTestId('staff-dashboard').waitFor();
      const waiting = page.getByTestId('orders-to-accept');
      const row = waiting.getByTestId('order-to-accept').filter({ hasText: order.name });
      await row.waitFor();
      await expect(row.getByTestId('accept-countdown').textContent()).resolves.toMatch(/\d:\d\d/);
      await screenshot(page, `home-waits-staff-${lang}`);
      await row.click();
      await page.waitForURL(`**/productrequest/${order.id}`);
      const form = page.getByTestId('accept-order');
      await form.waitFor();
      await field(form, a.prepMinutes ?? '').click();
      await page.getByRole('option', { name: /^(15|١٥)\s/ }).click();
      await submitAndSeeToast(page, form.getByRole('button', { name: a.submit, exact: true }), a.done ?? '');
      await page.getByTestId('order-accepted').waitFor();
      const details = await server.api('merchant/product/req/details', { id: order.id }, merchantToken);
      expect(details).toMatchObject({ prepMinutes: 15, acceptedBy: { type: 'merchantUser' } });
      await screenshot(page, `home-waits-staff-accepted-${lang}`);
    } finally {
      await context.close();
    }
  });

  it("the merchant's reports show each branch's accepting figures", async () => {
    const rows = await server.api('merchant/chart/orders/branches', {}, merchantToken);
    const mine = rows.find((r: { branchId: number }) => r.branchId === staffBranch);
    expect(mine.medianAcceptSeconds).not.toBeNull();
    const { page, context } = await newPage(browser, lang);
    try {
      await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
      await page.waitForURL('**/dashboard');
      await page.goto(`${server.url}/accountReports`);
      const figures = page.getByTestId('accepting-figures');
      await figures.waitFor();
      const branch = figures.getByTestId('accepting-branch').nth(rows.indexOf(mine));
      await expect(branch.getByTestId('auto-canceled').textContent().then(latin)).resolves.toBe(
        String(mine.autoCanceled),
      );
      await expect(branch.getByTestId('accepted-in-time').textContent().then(latin)).resolves.toContain(
        String(mine.acceptedInTimePercent),
      );
      await expect(branch.getByTestId('paused-minutes').textContent().then(latin)).resolves.toContain(
        String(mine.pausedMinutes),
      );
      await expect(branch.getByTestId('median-accept').textContent().then(latin)).resolves.toMatch(/\d/);
      await branch.scrollIntoViewIfNeeded();
      await screenshot(page, `home-waits-reports-${lang}`);
    } finally {
      await context.close();
    }
  });
});
