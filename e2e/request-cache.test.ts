/**
 * The request-details cache (SPEC §3 and §9, issue 23): a merchant opens an offer request and an
 * order; the server stops; a reload still shows both (the app shell from the service worker, the
 * details from the device), with the offline notice. Only request details are kept, at most 20, and
 * signing out clears them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import {
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  launchBrowser,
  loginThroughUi,
  newPage,
  screenshot,
  startServer,
} from './harness';

let server: E2EServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await startServer();
  await server.admin('demo');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const kept = () =>
  Object.entries(localStorage)
    .filter(([k]) => k.startsWith('requestDetails-'))
    .map(([, v]) => (JSON.parse(v) as { queryKey: unknown[] }).queryKey);

describe('request details offline', () => {
  it('shows the last request details after a reload with the server down, and nothing else is kept', async () => {
    const { token } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
    const offerRequest = (await server.api('merchant/req/list', { status: 'done', limit: 1 }, token)).rows[0];
    const order = (await server.api('merchant/product/req/list', { type: 'delivery', isCanceled: false }, token))
      .productRequests.rows[0];

    const { page, context } = await newPage(browser, 'en');
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await page.goto(`${server.url}/request/${offerRequest.id}`);
    await page.getByText(offerRequest.user.name).first().waitFor();
    await page.goto(`${server.url}/productrequest/${order.id}`);
    await page.getByTestId('product-request-status').waitFor();
    // only the two details are on the device: not the dashboard, the lists or the profile
    await expect.poll(() => page.evaluate(kept)).toHaveLength(2);
    const keys = await page.evaluate(kept);
    for (const key of keys) expect(key[1]).toBe('detail');
    expect(keys.map((k) => k[0]).sort()).toEqual(['offerRequests', 'productRequests']);

    await server.stop();
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').textContent()).toBe(messages.offlineNotice.en);
    await page.getByTestId('product-request-status').waitFor();
    expect(await page.getByTestId('product-request-status').getAttribute('data-status')).toBe(order.status);
    await page.goto(`${server.url}/request/${offerRequest.id}`);
    await page.getByText(offerRequest.user.name).first().waitFor();
    await screenshot(page, 'request-cache-offline-en');

    // signing out clears them (the server is down: the sign-out still happens on the device)
    await page.goto(`${server.url}/setting`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(kept)).toEqual([]);
    await context.close();
  });
});
