/**
 * The customer can follow, in the browser, in English and Arabic (issue 26, point 4): a courier with
 * a delivery in progress opens it and the page shares the browser's position (geolocation granted);
 * the customer's public link `/t/<token>` shows the timeline and the courier's marker on the map,
 * and a link that is not valid shows the not-found message only.
 */
import { messages } from '@loyalty/contract';
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

/** A customer with a delivery ordered, accepted and assigned to the demo courier. */
async function assignedDelivery() {
  const mobile = fullMobile();
  await signUpCustomer(server, { name: 'Following buyer', mobile });
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const address = await server.api('user/address/add', { address1: 'Tower 2', area: 'West Bay', city: 'Doha' }, token);
  const placed = await server.api(
    'user/product/request',
    { productId, branchId: westBay, type: 'delivery', payWith: 'price', addressId: address.id },
    token,
  );
  const id = placed.id as number;
  await server.api('merchant/product/req/accept', { id, prepMinutes: 15 }, merchantToken);
  await server.api(
    'merchant/product/employee/assignDelivery',
    { productRequestIds: JSON.stringify([id]), employeeId: courierId },
    merchantToken,
  );
  return { id, token: token as string };
}

const CORNICHE = { latitude: 25.2997, longitude: 51.5311 };

describe.each(LANGS)('following a delivery (%s)', (lang) => {
  it('the courier shares a position and the public page shows the marker and the timeline', async () => {
    const d = readLocale<Record<string, string>>(`features/deliveries/locales/${lang}.json`);
    const tr = readLocale<Record<string, string>>(`features/tracking/locales/${lang}.json`);
    const c = await assignedDelivery();

    // the courier opens the delivery in progress, with the browser's location allowed
    const courier = await newPage(browser, lang);
    await courier.context.grantPermissions(['geolocation'], { origin: server.url });
    await courier.context.setGeolocation({ ...CORNICHE, accuracy: 15 });
    await loginThroughUi(courier.page, server.url, DEMO_STAFF.delivery, DEMO_PASSWORD);
    await courier.page.waitForURL('**/dashboard');
    const courierToken = await courier.page.evaluate(() => localStorage.getItem('token') ?? '');
    await server.api('merchantUser/product/req/changeStatus', { id: c.id, deliveryStatus: 'inProgress' }, courierToken);
    await courier.page.goto(`${server.url}/deliveryProduct/${c.id}`);
    const sharing = courier.page.locator('[data-testid="sharing-position"][data-state="sharing"]');
    await sharing.waitFor();
    expect(await sharing.textContent()).toContain(d.sharing);
    await screenshot(courier.page, `tracking-courier-${lang}`);

    // the first share goes out at once: the customer's tracking has the courier's position
    let followed = await server.api('user/product/req/track', { id: c.id }, c.token);
    for (let i = 0; i < 50 && followed.courier === null; i++) {
      await new Promise((r) => setTimeout(r, 200));
      followed = await server.api('user/product/req/track', { id: c.id }, c.token);
    }
    expect(followed.courier).toMatchObject({ lat: CORNICHE.latitude, lng: CORNICHE.longitude, accuracy: 15 });
    expect(followed.trackUrl).toBe(`/t/${followed.trackToken}`);
    await courier.context.close();

    // anyone with the link, without signing in, in the link's language
    const visitor = await newPage(browser, lang);
    await visitor.page.goto(`${server.url}${followed.trackUrl}?lang=${lang}`);
    await visitor.page.getByTestId('track-courier').waitFor();
    await visitor.page.locator('[data-testid="track-courier"] .leaflet-interactive').first().waitFor();
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(tr.title);
    expect(await visitor.page.getByTestId('track-status').textContent()).toBe(messages.trackStepOnTheWay[lang]);
    const timeline = (await visitor.page.getByTestId('track-timeline').textContent()) ?? '';
    for (const key of ['trackStepCreated', 'trackStepAccepted', 'trackStepAssigned', 'trackStepOnTheWay'] as const)
      expect(timeline).toContain(messages[key][lang]);
    expect(await visitor.page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await screenshot(visitor.page, `tracking-public-${lang}`);

    // a link that is not valid: the not-found message, nothing of the order
    await visitor.page.goto(`${server.url}/t/${'x'.repeat(32)}?lang=${lang}`);
    await visitor.page.getByTestId('track-invalid').waitFor();
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(tr.invalidTitle);
    await screenshot(visitor.page, `tracking-invalid-${lang}`);
    await visitor.context.close();
  });
});
