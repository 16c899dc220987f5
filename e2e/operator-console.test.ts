/**
 * The operator's console (issue 25, "Done when"), in English and Arabic at 375 px: an operator made
 * with the command line signs in with its password and the authenticator's code (computed from the
 * printed otpauth address), approves a merchant waiting for review, answers a merchant's ticket (the
 * merchant's ticket screen shows the operator's name), pays a settlement with its payment reference
 * and grants points to a customer; each change is toasted and its list or screen shows it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  fullMobile,
  LANGS,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
  signUpCustomer,
} from './harness';
import { addOperator, consoleTexts, signInOperator } from './operator-helpers';
import { field, submitAndSeeToast } from './staff-helpers';

let server: E2EServer;
let browser: Browser;
let merchantToken: string;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
});
afterAll(() => closeE2E({ server, browser }));

/** A settlement of the demo merchant moved to pending (from the command line), waiting to be paid. */
async function pendingSettlement(): Promise<number> {
  const initial = (await server.api('merchant/settlement/initial/list', {}, merchantToken)) as { id: number }[];
  const id = initial[0]?.id;
  if (id === undefined) throw new Error('the demo has no settlement left in initial');
  await server.admin('settlement', 'move', String(id), 'pending');
  return id;
}

/** Confirms the dialog a console button opened (its confirm button is `<testId>-confirm`). */
async function confirm(page: Page, testId: string, toast: string, fill?: { label: string; value: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (fill) await field(dialog, fill.label).fill(fill.value);
  await submitAndSeeToast(page, dialog.getByTestId(`${testId}-confirm`), toast);
  await dialog.waitFor({ state: 'detached' });
}

describe.each(LANGS)('the operator console (%s)', (lang) => {
  it('signs in with password and code, approves, replies, pays and grants points', async () => {
    const t = consoleTexts(lang);
    const operator = await addOperator(server, 'admin', `Console ${lang} ${Date.now() % 10000}`);

    // what waits: a merchant under review, a ticket, a settlement to pay, a customer
    const merchantMobile = fullMobile();
    const merchantName = lang === 'ar' ? `مقهى المراجعة ${Date.now() % 10000}` : `Review Cafe ${Date.now() % 10000}`;
    await server.api('merchant/signup', {
      name: merchantName,
      mobile: merchantMobile,
      password: 'merchant-pass-1',
      check: true,
      userCurrncy: 'USD',
    });
    const ticketBody = lang === 'ar' ? `سؤال عن الفاتورة ${Date.now()}` : `A question about my invoice ${Date.now()}`;
    const ticket = await server.api(
      'merchant/ticket/create',
      { portalType: 'user', ticketType: 'general', ticketBody },
      merchantToken,
    );
    const ticketId: number = ticket.id;
    const settlementId = await pendingSettlement();
    const customerMobile = fullMobile();
    await signUpCustomer(server, { name: lang === 'ar' ? 'عميل اللوحة' : 'Console Customer', mobile: customerMobile });

    const { page, context } = await newPage(browser, lang);
    await signInOperator(page, server.url, operator);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // the console's session is its own: the merchant app's token is not set
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, `operator-home-${lang}`);

    // approve the merchant from the review queue
    await page.goto(`${server.url}/operator/merchants?status=pending`);
    const row = page.getByTestId('merchant-row').filter({ hasText: merchantName });
    await row.waitFor();
    await screenshot(page, `operator-merchants-${lang}`);
    await row.click();
    await page.getByTestId('merchant-details').waitFor();
    await page.getByTestId('approve').click();
    await confirm(page, 'approve', t('merchants.approved'));
    await expect.poll(() => page.getByTestId('merchant-status').textContent()).toBe(t('merchants.statuses.approved'));
    await screenshot(page, `operator-merchant-${lang}`);

    // reply to the ticket: unanswered in the inbox, answered after the reply
    await page.goto(`${server.url}/operator/tickets`);
    await page.locator(`a[href="/operator/tickets/${ticketId}"]`).click();
    // the merchant's opening message is the thread's first message
    await page.getByTestId('thread-opening').getByText(ticketBody).waitFor();
    const answer = lang === 'ar' ? 'تمت مراجعة فاتورتك' : 'Your invoice is checked';
    await field(page.getByTestId('operator-reply-form'), t('tickets.yourReply')).fill(answer);
    await submitAndSeeToast(
      page,
      page.getByTestId('operator-reply-form').getByRole('button', { name: t('tickets.reply') }),
      t('tickets.replied'),
    );
    await page.locator('[data-testid="thread-message"][data-from="support"]').filter({ hasText: answer }).waitFor();
    await screenshot(page, `operator-ticket-${lang}`);

    // pay the settlement with its reference
    await page.goto(`${server.url}/operator/settlements?status=pending`);
    const settlement = page.locator(`[data-testid="settlement-row"][data-id="${settlementId}"]`);
    await settlement.getByTestId('settlement-pay').click();
    const reference = `TRX-${lang}-${Date.now() % 100000}`;
    await confirm(page, 'settlement-pay', t('settlements.paid'), {
      label: t('settlements.reference'),
      value: reference,
    });
    await page.goto(`${server.url}/operator/settlements?status=paid`);
    const paid = page.locator(`[data-testid="settlement-row"][data-id="${settlementId}"]`);
    await paid.getByText(reference).waitFor();
    expect(await paid.getByTestId('settlement-status').textContent()).toBe(t('settlements.statuses.paid'));
    await screenshot(page, `operator-settlements-${lang}`);

    // grant points to the customer, with a reason
    await page.goto(`${server.url}/operator/customers?q=${customerMobile}`);
    await page.getByTestId('customer-row').first().click();
    const form = page.getByTestId('points-form');
    await field(form, t('customers.points')).fill('250');
    const reason = lang === 'ar' ? 'تعويض عن طلب متأخر' : 'Goodwill for a late order';
    await field(form, t('common.reason')).fill(reason);
    await submitAndSeeToast(
      page,
      form.getByRole('button', { name: t('customers.submit') }),
      t('customers.done', { balance: '250' }),
    );
    await expect.poll(() => page.getByTestId('customer-balance').textContent()).toContain('250');
    const ledger = page.getByTestId('ledger');
    await ledger.getByText(t('common.reasons.grant')).waitFor();
    expect(await ledger.textContent()).toContain('+250');
    await screenshot(page, `operator-customer-${lang}`);
    // the reason is in the operator log, with who did it
    await page.goto(`${server.url}/operator/log`);
    const entry = page.getByTestId('log-row').filter({ hasText: 'admin/customer/points' }).first();
    await entry.getByText(reason, { exact: false }).waitFor();
    expect(await entry.textContent()).toContain(operator.name);

    // sign out (admin/logout): back to the sign-in, the console's session gone; a dead session's 401 also leads there
    const session = await page.evaluate(() => localStorage.getItem('operatorSession'));
    await page.getByTestId('operator-sign-out-compact').click();
    await page.waitForURL('**/operator/login');
    expect(await page.evaluate(() => localStorage.getItem('operatorSession'))).toBeNull();
    await page.evaluate((s) => localStorage.setItem('operatorSession', s ?? ''), session);
    await page.goto(`${server.url}/operator/merchants`);
    await page.waitForURL('**/operator/login');
    expect(await page.evaluate(() => localStorage.getItem('operatorSession'))).toBeNull();
    await context.close();

    // the merchant reads the answer by the operator's name
    const merchant = await newPage(browser, lang);
    await loginThroughUi(merchant.page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await merchant.page.waitForURL('**/dashboard');
    await merchant.page.goto(`${server.url}/ticket/${ticketId}`);
    const tickets = readLocale<Record<string, string>>(`features/tickets/locales/${lang}.json`);
    await merchant.page.getByRole('tab', { name: tickets.messages }).click();
    const support = merchant.page
      .locator('[data-testid="ticket-message"][data-from="support"]')
      .filter({ hasText: answer });
    await support.waitFor();
    expect(await support.textContent()).toContain(operator.name);
    await merchant.context.close();
  }, 180_000);
});

describe('a support operator', () => {
  it('sees no Packages, Tags or Invoices in the menu, and the server answers 403 to admin/package/add', async () => {
    const t = consoleTexts('en');
    const operator = await addOperator(server, 'support', `Support ${Date.now() % 10000}`);
    const { page, context } = await newPage(browser, 'en', { desktop: true });
    await signInOperator(page, server.url, operator);
    const menu = page.getByRole('navigation', { name: t('menuLabel') });
    await menu.getByRole('link', { name: t('areas.tickets') }).waitFor();
    const links = await menu.getByRole('link').allTextContents();
    expect(links).toEqual([t('areas.home'), t('areas.merchants'), t('areas.tickets'), t('areas.customers')]);
    for (const area of ['packages', 'tags', 'invoices'])
      expect(await page.locator(`a[href="/operator/${area}"]`).count(), area).toBe(0);
    // the console's own session, sent by hand: the server refuses the change, whatever the menu shows
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('operatorSession') ?? '{}').token as string,
    );
    expect(token).toBeTruthy();
    const res = await fetch(`${server.url}/api/admin/package/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Sneaky', points: '10', amount: '1' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
    await context.close();
  }, 120_000);
});
