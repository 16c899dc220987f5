/**
 * Busy branches and the delivery code in the browser, in English and Arabic (issue 26, points 2
 * and 3): the merchant pauses a branch from the dashboard and the customers' API refuses an order
 * there (409, with the reopening time, in the customer's language); after resuming, a courier
 * completing a delivery enters a wrong code (refused under the field), then the right one.
 */
import { messages } from '@loyalty/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let server: E2EServer;
let browser: Browser;
let merchantToken: string;
let courierId: number;
let westBay: number;
let productId: number;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
  const branches = await server.api('merchant/branch/list', {}, merchantToken);
  westBay = branches.rows.find((b: { branchName: string }) => b.branchName === 'West Bay').id;
  const couriers = await server.api('merchant/user/list', { rule: 'delivery' }, merchantToken);
  courierId = couriers.rows.find(
    (e: { merchantUser: { mobileNum: string } }) => e.merchantUser.mobileNum === DEMO_STAFF.delivery,
  ).id;
  const products = await server.api('merchant/product/list', {}, merchantToken);
  productId = products.rows.find((p: { name: string }) => p.name === 'Cardamom latte').id;
});
afterAll(() => closeE2E({ server, browser }));

async function customer() {
  const mobile = fullMobile();
  await signUpCustomer(server, { name: 'Busy buyer', mobile });
  await server.admin('customer', 'grant', mobile, '500');
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const address = await server.api('user/address/add', { address1: 'Tower 2', area: 'West Bay', city: 'Doha' }, token);
  return { token: token as string, addressId: address.id as number };
}

/** The customers' API as a phone would call it, in a language: status and body. */
async function orderAt(c: { token: string; addressId: number }, lang: Lang) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ productId, branchId: westBay, type: 'delivery', payWith: 'price' }))
    form.append(k, String(v));
  form.append('addressId', String(c.addressId));
  const res = await fetch(`${server.url}/api/user/product/request`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${c.token}`, 'accept-language': lang },
  });
  return { status: res.status, body: await res.json() };
}

const typePin = async (page: Page, pin: string) => {
  const boxes = page.getByTestId('confirm-delivered').getByRole('textbox');
  for (let i = 0; i < 4; i++) await boxes.nth(i).fill(pin[i] as string);
};

describe.each(LANGS)('busy branch and delivery code (%s)', (lang) => {
  it('pauses from the dashboard, refuses the order, and takes the right code only', async () => {
    const dash = readLocale<{ busy: Record<string, string> }>(`features/dashboard/locales/${lang}.json`).busy;
    const d = readLocale<Record<string, string>>(`features/deliveries/locales/${lang}.json`);
    const c = await customer();

    // the merchant pauses West Bay from the dashboard
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    const card = page.getByTestId(`branch-busy-${westBay}`);
    await card.getByRole('button', { name: dash.pause }).click();
    await page.getByLabel(dash.reason).fill(lang === 'ar' ? 'المطبخ مزدحم' : 'Kitchen swamped');
    await page.getByRole('button', { name: dash.pauseConfirm }).click();
    await card.getByRole('button', { name: dash.resume }).waitFor();
    const state = await card.getByTestId('branch-state').textContent();
    expect(state).toContain((dash.pausedUntil as string).split('{{time}}')[0]?.trim());
    await screenshot(page, `busy-paused-${lang}`);

    // the customers' API refuses an order there, in the customer's language, with the time
    const refused = await orderAt(c, lang);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(messages.branchClosedUntil[lang].split('{time}')[0]);
    expect(refused.body.reopensAt).toEqual(expect.any(String));

    // resumed in one tap: the order goes through
    await card.getByRole('button', { name: dash.resume }).click();
    await card.getByRole('button', { name: dash.pause }).waitFor();
    expect(await card.getByTestId('branch-state').textContent()).toBe(dash.open);
    const placed = await orderAt(c, lang);
    expect(placed.status).toBe(200);
    const id = placed.body.data.id as number;
    await context.close();

    await server.api(
      'merchant/product/employee/assignDelivery',
      { productRequestIds: JSON.stringify([id]), employeeId: courierId },
      merchantToken,
    );
    const mine = await server.api('user/product/req/list', {}, c.token);
    const pin = mine.rows.find((r: { id: number }) => r.id === id).deliveryPin as string;
    expect(pin).toMatch(/^\d{4}$/);
    const wrong = pin === '0000' ? '1111' : '0000';

    // the courier: a wrong code is refused under the field, the right one delivers
    const courier = await newPage(browser, lang);
    await loginThroughUi(courier.page, server.url, DEMO_STAFF.delivery, DEMO_PASSWORD);
    await courier.page.waitForURL('**/dashboard');
    const courierToken = await courier.page.evaluate(() => localStorage.getItem('token') ?? '');
    await server.api('merchantUser/product/req/changeStatus', { id, deliveryStatus: 'inProgress' }, courierToken);
    await courier.page.goto(`${server.url}/deliveryProduct/${id}`);
    await courier.page.getByRole('button', { name: d.complete }).click();
    await typePin(courier.page, wrong);
    await courier.page.getByRole('button', { name: d.confirmDelivered }).click();
    await courier.page.getByTestId('pin-error').waitFor();
    expect(await courier.page.getByTestId('pin-error').textContent()).toBe(messages.wrongPin[lang]);
    await screenshot(courier.page, `pin-wrong-${lang}`);
    expect((await server.api('merchant/product/req/details', { id }, merchantToken)).deliveryStatus).toBe('inProgress');
    await typePin(courier.page, pin);
    await courier.page.getByRole('button', { name: d.confirmDelivered }).click();
    await courier.page.getByTestId('delivered').waitFor();
    const done = await server.api('merchant/product/req/details', { id }, merchantToken);
    expect(done).toMatchObject({ status: 'done', deliveryStatus: 'done' });
    await courier.context.close();
  });
});
