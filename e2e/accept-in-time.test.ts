/**
 * Accept in time (issue 26, point 1) in the browser, in English and Arabic: a customer orders through
 * the customers' API; the merchant accepts it on the order's page with a preparation time while the
 * countdown runs. Another order nobody accepts is canceled by the server's sweep (ACCEPT_SWEEP_MS
 * short; the order is made older in the database instead of waiting ten minutes), and shows as
 * canceled with the reason, on the merchant's page and in the customer's API in their language.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from '../apps/server/src/db/sqlite-driver';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
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

type Accept = Record<string, string>;
const acceptTexts = (lang: Lang) =>
  readLocale<{ accept: Accept }>(`features/product-requests/locales/${lang}.json`).accept;

let server: E2EServer;
let browser: Browser;
let merchantToken: string;
let westBay: number;
let cake: { id: number };
let seq = 0;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true, env: { ACCEPT_SWEEP_MS: '500' } }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
  const branches = await server.api('merchant/branch/list', {}, merchantToken);
  westBay = branches.rows.find((b: { branchName: string }) => b.branchName === 'West Bay').id;
  const products = await server.api('merchant/product/list', {}, merchantToken);
  cake = products.rows.find((p: { name: string }) => p.name === 'Saffron date cake');
});
afterAll(() => closeE2E({ server, browser }));

async function newCustomer(lang: Lang) {
  const mobile = `97466${String(Date.now() % 100000).padStart(5, '0')}${++seq % 10}`;
  await signUpCustomer(server, { name: `E2E ${lang} ${seq}`, mobile });
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const order = async () =>
    (
      await server.api(
        'user/product/request',
        { productId: cake.id, branchId: westBay, type: 'pickup', payWith: 'price' },
        token,
      )
    ).id as number;
  return { token, order };
}

/** Makes an order `minutes` older, as if it had waited that long (the server's clock is the real one). */
function age(id: number, minutes: number) {
  const db = new Database(path.join(server.dataDir, 'app.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const created = new Date(Date.now() - minutes * 60_000).toISOString();
    db.prepare('UPDATE product_requests SET created_at = ? WHERE id = ?').run(created, id);
  } finally {
    db.close();
  }
}

async function signIn(lang: Lang): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, lang);
  await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close() };
}

describe.each(LANGS)('accept in time (%s)', (lang) => {
  it('the merchant accepts a new order with a preparation time; the countdown shows until then', async () => {
    const a = acceptTexts(lang);
    const c = await newCustomer(lang);
    const id = await c.order();
    const m = await signIn(lang);
    try {
      // the home lists what waits to be accepted, each with its countdown, one tap from its page
      const waiting = m.page.getByTestId('orders-to-accept');
      await waiting.waitFor();
      await waiting.getByTestId('accept-countdown').first().waitFor();
      await screenshot(m.page, `accept-in-time-dashboard-${lang}`);
      await m.page.goto(`${server.url}/productrequest/${id}`);
      const form = m.page.getByTestId('accept-order');
      await form.waitFor();
      await expect(form.getByTestId('accept-countdown').textContent()).resolves.toMatch(/\d:\d\d/);
      // the 20-minute choice, whatever digits the language writes it in
      await field(form, a.prepMinutes ?? '').click();
      await m.page.getByRole('option', { name: /^(20|٢٠)\s/ }).click();
      await screenshot(m.page, `accept-in-time-form-${lang}`);
      await submitAndSeeToast(m.page, form.getByRole('button', { name: a.submit, exact: true }), a.done ?? '');
      await m.page.getByTestId('order-accepted').waitFor();
      const details = await server.api('merchant/product/req/details', { id }, merchantToken);
      expect(details).toMatchObject({ prepMinutes: 20, acceptBy: null });
      expect(details.acceptedAt).not.toBeNull();
      await screenshot(m.page, `accept-in-time-accepted-${lang}`);
    } finally {
      await m.close();
    }
  });

  it('an order nobody accepts is canceled by the sweep and shows why', async () => {
    const c = await newCustomer(lang);
    const id = await c.order();
    age(id, 11);
    const deadline = Date.now() + 15_000;
    let row: { status: string; cancelReasonText: string | null } | undefined;
    for (;;) {
      const list = await fetch(`${server.url}/api/user/product/req/list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, 'accept-language': lang },
      }).then((r) => r.json());
      row = list.data.rows.find((r: { id: number }) => r.id === id);
      if (row?.status === 'canceled' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(row).toMatchObject({ status: 'canceled', cancelReasonText: messages.notAcceptedInTime[lang] });
    const m = await signIn(lang);
    try {
      await m.page.goto(`${server.url}/productrequest/${id}`);
      const canceled = m.page.getByTestId('order-canceled');
      await canceled.waitFor();
      await expect(canceled.getByTestId('cancel-reason').textContent()).resolves.toContain(
        messages.notAcceptedInTime[lang],
      );
      await expect(m.page.getByTestId('accept-order').count()).resolves.toBe(0);
      await screenshot(m.page, `accept-in-time-canceled-${lang}`);
    } finally {
      await m.close();
    }
  });
});
