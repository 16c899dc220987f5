/**
 * The settlement screen of a refunded order (issue 23, point 13), in English and Arabic at 375 px:
 * the amount owed is the sum of its lines (the sale and the refund: $0), and the refund's negative
 * line reads "-$4.75" on screen in both directions — the minus drawn before the dollar sign, left
 * of it, also in a right-to-left page. The demo has one refunded delivery of a $4.75 latte.
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
let refunded: number;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  const { token } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
  const initial = (await server.api('merchant/settlement/initial/list', {}, token)) as { id: number }[];
  for (const s of initial) {
    const details = await server.api('merchant/settlement/details', { id: s.id }, token);
    if (details.settlementDetails.some((d: { kind: string }) => d.kind === 'refund')) refunded = s.id;
  }
  expect(refunded).toBeDefined();
});
afterAll(() => closeE2E({ server, browser }));

/** Text without the direction marks amounts carry. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');

/** Where the browser draws the first `char` of an element's text: its left edge in pixels. */
const leftOf = (page: Page, testId: string, char: string) =>
  page.getByTestId(testId).evaluate((el, c) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(c);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().left;
    }
    return Number.NaN;
  }, char);

describe.each(LANGS)('a refunded settlement (%s)', (lang) => {
  it('owes the sum of its lines, and its refund line reads -$4.75', async () => {
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/settlement/${refunded}`);
    const refund = page.locator('[data-testid="settlement-line"][data-kind="refund"]');
    await refund.waitFor();
    expect(plain(await refund.textContent())).toBe('-$4.75');
    // drawn as read: the minus left of the dollar sign, the dollar sign left of the digits
    await refund.evaluate((el) => el.setAttribute('data-testid', 'refund-line'));
    const [minus, dollar, four] = await Promise.all(['-', '$', '4'].map((c) => leftOf(page, 'refund-line', c)));
    expect(minus).toBeLessThan(dollar);
    expect(dollar).toBeLessThan(four);
    const sale = plain(await page.locator('[data-testid="settlement-line"][data-kind="sale"]').textContent());
    expect(sale).toBe(lang === 'ar' ? '4.75 $' : '$4.75');
    expect(plain(await page.getByTestId('amount-owed').textContent())).toBe(lang === 'ar' ? '0 $' : '$0');
    await screenshot(page, `settlement-refunded-${lang}`);
    await context.close();
  });
});
