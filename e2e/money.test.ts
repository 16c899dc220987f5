/**
 * Money in the browser, in English and Arabic: a new merchant opens a package, sees Pay Now
 * disabled without a card, adds a card through the form (live formatting, a validation message,
 * the success toast), buys the package; the dashboard's balance and cash value follow without a
 * reload, the invoice is listed and opens, and the points history shows the credit. The demo
 * merchant views the four account-report charts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  fullMobile,
  LANGS,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
} from './harness';

type Tree = Record<string, string & Record<string, string>>;
const textsOf = (lang: Lang) => ({
  p: readLocale<Tree>(`features/packages/locales/${lang}.json`),
  tr: readLocale<Tree>(`features/transactions/locales/${lang}.json`),
  reports: readLocale<Tree>(`features/reports/locales/${lang}.json`),
  dashboard: readLocale<Tree>(`features/dashboard/locales/${lang}.json`),
});

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

/** Text without the direction marks the Arabic amounts start with. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');

/** Digits of the dashboard's balance ("1,060 P"). */
async function shownBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance').textContent()) ?? '';
  const m = /([\d,٬.]+)\s*P/.exec(text);
  return m ? Number(m[1].replace(/[^\d]/g, '')) : Number.NaN;
}

describe.each(LANGS)('cards and packages (%s)', (lang) => {
  it('adds a card, buys a package; the balance, the invoice and the ledger row follow', async () => {
    const tx = textsOf(lang);
    const packageName = `E2E pack ${lang} ${Date.now() % 100000}`;
    const added = await server.admin('package', 'add', '--name', packageName, '--points', '500', '--amount', '12.50');
    expect(added).toContain(`Added package`);
    const mobile = fullMobile();
    await server.api('merchant/signup', {
      name: `Money ${lang}`,
      mobile,
      password: 'money-pass-1',
      check: 'true',
      userCurrncy: 'USD',
    });
    await server.admin('merchant', 'approve', mobile);

    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, mobile, 'money-pass-1');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('balance').waitFor();
    expect(await shownBalance(page)).toBe(0);

    // Buy packages → the packages sheet → the package
    await page.getByRole('link', { name: tx.dashboard.buyPackages }).click();
    const row = page.getByTestId('package-row').filter({ hasText: packageName });
    await row.click();
    await page.waitForURL('**/package/*');
    await page.getByRole('button', { name: tx.p.buy }).click();
    const sheet = page.getByTestId('payment-options');
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: tx.p.payNow }).isDisabled()).toBe(true);
    await page.getByText(tx.p.noCards).waitFor();
    await screenshot(page, `money-buy-no-card-${lang}`);

    // the add-card form: live formatting, a validation message, then a good card
    await sheet.getByRole('button', { name: tx.p.addCard }).click();
    const form = page.getByTestId('add-card-form');
    const number = form.getByLabel(tx.p.cardNumber);
    await number.pressSequentially('4242-4242x42424242');
    expect(await number.inputValue()).toBe('4242 4242 4242 4242');
    await form.getByLabel(tx.p.nameOnCard).fill('Noor Al Thani');
    await form.getByLabel(tx.p.expiryMonth).fill('8');
    await form.getByLabel(tx.p.expiryYear).fill(String(new Date().getFullYear() + 2));
    await form.getByRole('button', { name: tx.p.saveCard }).click();
    await form.getByText(messages.invalidCvv[lang]).waitFor();
    expect(await form.getByLabel(tx.p.expiryMonth).inputValue()).toBe('08');
    await screenshot(page, `money-add-card-error-${lang}`);
    await form.getByLabel(tx.p.cvv).fill('123');
    await form.getByRole('button', { name: tx.p.saveCard }).click();
    await page.getByText(messages.cardAdded[lang]).first().waitFor();
    const choice = sheet.getByTestId('card-choice');
    await expect.poll(() => choice.count()).toBe(1);
    expect(await choice.textContent()).toContain('•••• 4242');
    expect(await choice.getAttribute('aria-checked')).toBe('true'); // the new card is selected
    await screenshot(page, `money-buy-with-card-${lang}`);

    // Pay Now → the purchase with its points
    await sheet.getByRole('button', { name: tx.p.payNow }).click();
    await page.waitForURL('**/invoice/*');
    const purchase = page.getByTestId('purchase');
    await purchase.waitFor();
    expect(await purchase.textContent()).toContain(packageName);
    expect(plain(await purchase.textContent())).toContain('500 P');
    await screenshot(page, `money-purchase-${lang}`);

    // the dashboard follows without a reload: 500 P, worth 100 Qatar Riyal
    await page.getByRole('main').getByRole('link', { name: tx.p.toDashboard, exact: true }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => shownBalance(page)).toBe(500);
    expect(await page.getByTestId('balance').textContent()).toContain('100');
    await screenshot(page, `money-dashboard-after-${lang}`);

    // the invoice is listed and opens
    await page.goto(`${server.url}/setting?sheet=invoices`);
    const invoice = page.getByTestId('invoice-row').filter({ hasText: packageName });
    await invoice.waitFor();
    expect(await invoice.textContent()).toContain(tx.p.status.paid);
    await invoice.click();
    await page.waitForURL('**/invoices/*');
    expect(await page.getByTestId('invoice').textContent()).toContain(packageName);
    await screenshot(page, `money-invoice-${lang}`);

    // the points history shows the credit, linking to the purchase
    await page.goto(`${server.url}/transactiondetails`);
    const first = page.getByTestId('history-row').first();
    await first.waitFor();
    expect(await first.textContent()).toContain(tx.tr.reason.packagePurchase);
    expect(await first.textContent()).toContain(packageName);
    expect(plain(await first.getByTestId('history-delta').textContent())).toBe('+500 P');
    await screenshot(page, `money-history-${lang}`);
    await first.click();
    await page.waitForURL('**/invoice/*');
    await context.close();
  });

  it('shows the four account-report charts per branch', async () => {
    const tx = textsOf(lang);
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/setting?sheet=accountReports`);
    await page.getByRole('link', { name: tx.reports.open }).click();
    await page.waitForURL('**/accountReports');
    for (const id of ['chart-offer-requests', 'chart-product-requests', 'chart-points', 'chart-revenue']) {
      const chart = page.getByTestId(id);
      await chart.waitFor();
      await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBe(2); // the demo merchant's two branches
      // the demo's branch by its Arabic name in Arabic (issue 23, point 10)
      expect(await chart.textContent()).toContain(lang === 'ar' ? 'الخليج الغربي' : 'West Bay');
    }
    expect(await page.getByTestId('chart-offer-requests').getByRole('heading').textContent()).toBe(
      tx.reports.offerRequests,
    );
    await screenshot(page, `money-reports-${lang}`);
    // a date range in the future: every figure 0
    await page.getByLabel(tx.reports.from, { exact: true }).fill('2099-01-01');
    await expect
      .poll(async () =>
        (await page.getByTestId('chart-offer-requests').textContent())?.includes(`${tx.reports.total} 0`),
      )
      .toBe(true);
    await context.close();
  });
});
