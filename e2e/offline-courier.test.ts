/**
 * The offline courier in the browser, in English and Arabic (docs/domain.md, "Offline courier"): the
 * demo courier opens an assigned delivery, loses the connection, completes it: the screen shows
 * "waiting to sync" and the server still has it in progress; the connection returns, the queued
 * change is sent with its idempotency key and the delivery shows as delivered, once.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  DEMO_STAFF,
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

/** A delivery ordered by a new customer, assigned to the demo courier and already on its way. */
async function deliveryInProgress(courierToken: string) {
  const mobile = fullMobile();
  await signUpCustomer(server, { name: 'Offline buyer', mobile });
  await server.admin('customer', 'grant', mobile, '500');
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const address = await server.api(
    'user/address/add',
    { address1: 'Tower 2, Majlis Al Taawon Street', area: 'West Bay', city: 'Doha' },
    token,
  );
  const order = await server.api(
    'user/product/request',
    { productId, branchId: westBay, type: 'delivery', payWith: 'price', addressId: address.id },
    token,
  );
  await server.api(
    'merchant/product/employee/assignDelivery',
    { productRequestIds: JSON.stringify([order.id]), employeeId: courierId },
    merchantToken,
  );
  await server.api(
    'merchantUser/product/req/changeStatus',
    { id: order.id, deliveryStatus: 'inProgress' },
    courierToken,
  );
  // the code the customer reads in their app and tells the courier (issue 26)
  const mine = await server.api('user/product/req/list', {}, token);
  const pin = mine.rows.find((r: { id: number }) => r.id === order.id).deliveryPin as string;
  return { id: order.id as number, pin };
}

describe.each(LANGS)('offline courier (%s)', (lang) => {
  it('completes a delivery offline, shows it waiting to sync, and syncs it when back online', async () => {
    const d = readLocale<Record<string, string>>(`features/deliveries/locales/${lang}.json`);
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, DEMO_STAFF.delivery, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    const courierToken = await page.evaluate(() => localStorage.getItem('token') ?? '');
    expect(courierToken).not.toBe('');
    const { id, pin } = await deliveryInProgress(courierToken);
    await page.goto(`${server.url}/deliveryProduct/${id}`);
    const complete = page.getByRole('button', { name: d.complete });
    await complete.waitFor();

    await context.setOffline(true);
    await complete.click();
    await page.getByTestId('confirm-delivered').getByRole('textbox').first().click();
    await page.keyboard.type(pin);
    await page.getByRole('button', { name: d.confirmDelivered }).click();
    await page.getByTestId('waiting-to-sync').waitFor();
    expect(await page.getByTestId('waiting-to-sync').textContent()).toBe(d.waitingToSync);
    expect(await page.getByTestId('delivery-status').getAttribute('data-status')).toBe('done');
    await screenshot(page, `offline-courier-waiting-${lang}`);
    // nothing reached the server yet
    const seen = await server.api('merchant/product/req/details', { id }, merchantToken);
    expect(seen.deliveryStatus).toBe('inProgress');

    await context.setOffline(false);
    await page.getByTestId('delivered').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('waiting-to-sync').count()).toBe(0);
    const after = await server.api('merchant/product/req/details', { id }, merchantToken);
    expect(after).toMatchObject({ status: 'done', deliveryStatus: 'done' });
    const outbox = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const req = indexedDB.open('loyalty-courier', 1);
          req.onsuccess = () => {
            const tx = req.result.transaction('outbox', 'readonly');
            const count = tx.objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(outbox).toBe(0);
    await screenshot(page, `offline-courier-synced-${lang}`);
    await context.close();
  });
});
