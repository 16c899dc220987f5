/**
 * Customer requests in the browser, in English and Arabic: a request made through the customer API
 * appears in the staff member's Pending tab, staff approve it (QR shown, "already approved"), it
 * moves to Done, the merchant's dashboard balance and pending count change; the merchant finds the
 * customer's requests by phone on /search, approves one there and the dashboard follows at once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  fullMobile,
  LANGS,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
  signUpCustomer,
} from './harness';

const textsOf = (lang: Lang) => ({
  r: readLocale(`features/requests/locales/${lang}.json`),
  dashboard: readLocale(`features/dashboard/locales/${lang}.json`),
  approved: messages.approvedSuccessfully[lang],
});

let server: E2EServer;
let browser: Browser;
let seq = 0;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

/** A new customer with 1000 points, logged in through the customer API. */
async function newCustomer(lang: Lang) {
  const mobile = fullMobile();
  const name = `E2E ${lang === 'ar' ? 'مريم' : 'Mariam'} ${++seq}`;
  await signUpCustomer(server, { name, mobile });
  expect(await server.admin('customer', 'grant', mobile, '1000')).toContain('Granted 1000 P');
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const offers = await server.api('user/offer/list', {}, token);
  const offer = offers.rows.find((o: { branchs: { branchName: string }[] }) =>
    o.branchs.some((b) => b.branchName === 'West Bay'),
  );
  const branch = offer.branchs.find((b: { branchName: string }) => b.branchName === 'West Bay');
  return { name, mobile, token, offer, branchId: branch.id as number, merchantId: offer.merchantId as number };
}

/** A customer with two requests (paid with points) at the demo staff member's branch. */
async function customerWithRequests(lang: Lang) {
  const c = await newCustomer(lang);
  const ask = () =>
    server.api('user/offer/request', { offerId: c.offer.id, branchId: c.branchId, payWith: 'points' }, c.token);
  const first = await ask();
  const second = await ask();
  return { ...c, points: c.offer.points as number, first: first.id as number, second: second.id as number };
}

/** The merchant's balance and pending count as the API answers them. */
async function merchantNumbers(token: string) {
  const me = await server.api('merchant/me', {}, token);
  return { balance: me.balance as number, pending: me.counts.pendingRequests as number };
}

/** Digits of the dashboard's balance ("1,060 P", Arabic grouping too). */
async function shownBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance').textContent()) ?? '';
  const m = /([\d,٬.]+)\s*P/.exec(text);
  return m ? Number(m[1].replace(/[^\d]/g, '')) : Number.NaN;
}

/** Waits until the open requests list has answered: its count line renders with its rows. */
const listShown = (page: Page) => page.getByTestId('request-count').waitFor();

async function shownPending(page: Page, label: string): Promise<number> {
  const tile = page.locator('a[href="/search"]').filter({ hasText: label });
  return Number(((await tile.textContent()) ?? '').replace(/[^\d]/g, ''));
}

describe.each(LANGS)('offer requests (%s)', (lang) => {
  it('staff approve a customer request: Pending → Done, QR shown, the merchant balance changes; search by phone finds it', async () => {
    const tx = textsOf(lang);
    const c = await customerWithRequests(lang);
    const { token: merchantToken } = await server.api('merchant/login', {
      username: DEMO_MERCHANT,
      password: DEMO_PASSWORD,
    });
    const before = await merchantNumbers(merchantToken);

    // the staff member of the branch sees it in Pending
    const staff = await newPage(browser, lang);
    await loginThroughUi(staff.page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await staff.page.waitForURL('**/dashboard');
    await staff.page.goto(`${server.url}/setting?sheet=offerRequests`);
    const pendingRow = staff.page.getByTestId('request-row').filter({ hasText: c.name });
    // the list has answered once its count line shows (rows and count render from one response):
    // asserted then, not polled against a budget shorter than a cold first load on a busy machine
    await listShown(staff.page);
    expect(await pendingRow.count()).toBe(2);
    await screenshot(staff.page, `requests-pending-${lang}`);

    // opens the request: QR, approve, reject; approves; "already approved"
    await staff.page.locator(`a[href="/request/${c.first}"]`).click();
    await staff.page.waitForURL(`**/request/${c.first}`);
    await expect.poll(() => staff.page.getByTestId('request-qr').locator('svg').count()).toBe(1);
    await staff.page.getByRole('button', { name: tx.r.reject }).waitFor();
    await screenshot(staff.page, `requests-details-pending-${lang}`);
    const toast = staff.page.getByText(tx.approved, { exact: true }).first().waitFor();
    await staff.page.getByRole('button', { name: tx.r.approve, exact: true }).click();
    await toast;
    await staff.page.getByTestId('already-approved').waitFor();
    expect(await staff.page.getByRole('button', { name: tx.r.approve, exact: true }).count()).toBe(0);
    await screenshot(staff.page, `requests-details-approved-${lang}`);

    // it has moved to Done
    await staff.page.goto(`${server.url}/setting?sheet=offerRequests`);
    await listShown(staff.page);
    expect(await staff.page.getByTestId('request-row').filter({ hasText: c.name }).count()).toBe(1);
    await staff.page.getByRole('tab', { name: tx.r.done }).click();
    await staff.page.locator(`a[href="/request/${c.first}"]`).waitFor();
    await screenshot(staff.page, `requests-done-${lang}`);
    await staff.context.close();

    // the points moved once: the merchant's dashboard shows the new balance and one pending fewer
    const after = await merchantNumbers(merchantToken);
    expect(after.balance).toBe(before.balance + c.points);
    expect(after.pending).toBe(before.pending - 1);
    const merchant = await newPage(browser, lang);
    await loginThroughUi(merchant.page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await merchant.page.waitForURL('**/dashboard');
    await merchant.page.getByTestId('balance').waitFor();
    await expect.poll(() => shownBalance(merchant.page)).toBe(after.balance);
    await expect.poll(() => shownPending(merchant.page, tx.dashboard.pendingRequests)).toBe(after.pending);
    await screenshot(merchant.page, `requests-dashboard-after-staff-${lang}`);

    // search by phone finds both requests: the done one Not Active, the pending one Active
    await merchant.page.goto(`${server.url}/search`);
    await merchant.page.getByTestId('search-input').fill(c.mobile);
    const found = merchant.page.getByTestId('request-row');
    await expect.poll(() => found.count(), { timeout: 5000 }).toBe(2);
    expect(await found.filter({ hasText: tx.r.notActive }).count()).toBe(1);
    const secondRow = await merchant.page.locator(`a[href="/request/${c.second}"]`).textContent();
    expect(secondRow).toContain(tx.r.active);
    expect(secondRow).not.toContain(tx.r.notActive);
    await screenshot(merchant.page, `requests-search-${lang}`);
    await merchant.page.getByTestId('search-input').fill('99999999');
    await merchant.page.getByText(tx.r.searchEmpty).waitFor({ timeout: 5000 });

    // the merchant approves the second one; the dashboard follows without a reload
    await merchant.page.getByTestId('search-input').fill(c.mobile);
    await merchant.page.locator(`a[href="/request/${c.second}"]`).click();
    await merchant.page.getByRole('button', { name: tx.r.approve, exact: true }).click();
    await merchant.page.getByTestId('already-approved').waitFor();
    await merchant.page
      .getByRole('link', { name: lang === 'ar' ? /لوحة/ : /Dashboard/ })
      .first()
      .click();
    await merchant.page.waitForURL('**/dashboard');
    await expect.poll(() => shownBalance(merchant.page)).toBe(after.balance + c.points);
    await expect.poll(() => shownPending(merchant.page, tx.dashboard.pendingRequests)).toBe(after.pending - 1);
    await screenshot(merchant.page, `requests-dashboard-after-merchant-${lang}`);
    await merchant.context.close();
  });

  it('lists redeem requests and approves one', async () => {
    const tx = textsOf(lang);
    const c = await newCustomer(lang);
    const redeem = await server.api(
      'user/redeem',
      { merchantId: c.merchantId, branchId: c.branchId, amount: 25 },
      c.token,
    );
    const staff = await newPage(browser, lang);
    await loginThroughUi(staff.page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await staff.page.waitForURL('**/dashboard');
    await staff.page.goto(`${server.url}/redeems`);
    const row = staff.page.locator(`a[href="/redeem/${redeem.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(tx.r.notApproved);
    await screenshot(staff.page, `redeems-list-${lang}`);
    await row.click();
    await staff.page.waitForURL(`**/redeem/${redeem.id}`);
    await screenshot(staff.page, `redeems-details-${lang}`);
    await staff.page.getByRole('button', { name: tx.r.approve, exact: true }).click();
    await staff.page.getByTestId('already-approved').waitFor();
    expect(await staff.page.getByTestId('redeem-status').textContent()).toBe(tx.r.approved);
    const me = await server.api('user/me', {}, c.token);
    expect(me.balance).toBe(975);
    await staff.context.close();
  });
});
