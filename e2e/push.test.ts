/**
 * Push notifications and offline (docs/architecture.md): with notification permission granted, the
 * app registers this browser after login and the push test screen sends a notification through the
 * server to a loopback push service, which decrypts it; the decrypted message is then delivered to the
 * service worker, which shows it. The app shell opens with the server stopped and says it is offline.
 *
 * Headless Chromium has no push service of its own (it cannot reach Google's), so PushManager hands
 * out the loopback push service's subscription: everything after the subscription is the real path.
 */
import { messages } from '@loyalty/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type FakeDevice, type FakePushService, startFakePushService } from '../apps/server/test/push-fake';
import {
  closeE2E,
  type E2EServer,
  LANGS,
  localMobile,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
  startServer,
} from './harness';

let server: E2EServer;
let browser: Browser;
let push: FakePushService;

beforeAll(async () => {
  push = await startFakePushService();
  ({ server, browser } = await openE2E({ env: { PUSH_ALLOW_HTTP: '1' } }));
});
afterAll(async () => {
  await closeE2E({ server, browser });
  await push?.close();
});

/** An approved merchant, signed up through the API. */
async function merchant(): Promise<{ mobile: string; password: string }> {
  const mobile = `974${localMobile()}`;
  const password = 'merchant-pass-1';
  await server.api('merchant/signup', { name: 'Push Cafe', mobile, password, check: true });
  await server.admin('merchant', 'approve', mobile);
  return { mobile, password };
}

/** PushManager answers with the loopback push service's subscription for `device`. */
async function useDevice(page: Page, device: FakeDevice) {
  await page.addInitScript((token: string) => {
    const json = JSON.parse(token);
    let current: unknown = null;
    const make = (key: ArrayBuffer | null) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async (opts?: PushSubscriptionOptionsInit) => {
      const key = opts?.applicationServerKey;
      const bytes: ArrayBuffer | null =
        key == null || typeof key === 'string'
          ? null
          : ArrayBuffer.isView(key)
            ? (new Uint8Array(key.buffer, key.byteOffset, key.byteLength).slice().buffer as ArrayBuffer)
            : (key as ArrayBuffer);
      current = make(bytes);
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, device.token);
}

const pushTexts = readLocale<{ push: { send: string } }>('features/static-pages/locales/en.json').push;
const pushTextsAr = readLocale<{ push: { send: string } }>('features/static-pages/locales/ar.json').push;

describe.each(LANGS)('push notifications (%s)', (lang) => {
  it('registers after login, sends the test notification through the server and the service worker shows it', async () => {
    const { page, context } = await newPage(browser, lang);
    await context.grantPermissions(['notifications'], { origin: server.url });
    const device = push.device();
    await useDevice(page, device);
    const m = await merchant();

    await loginThroughUi(page, server.url, m.mobile, m.password);
    await page.waitForURL('**/dashboard');
    // registered right after login, for this session: the server can reach the device
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await expect
      .poll(async () => (await server.api('merchant/push/test', {}, token ?? '')).sent, { timeout: 15_000 })
      .toBe(1);
    await eventually(() => device.received.length === 1, 'the first notification');

    await page.goto(`${server.url}/push-test`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const send = (lang === 'ar' ? pushTextsAr : pushTexts).send;
    await page.getByRole('button', { name: send }).click();
    await eventually(() => device.received.length === 2, 'the test notification', 15_000);
    const received = device.received[1].payload;
    expect(received).toMatchObject({ title: messages.pushTestTitle[lang], data: { id: null, type: 'test' } });
    await page.getByText(messages.pushTestSent[lang]).first().waitFor();
    await screenshot(page, `push-test-${lang}`);

    // the decrypted message goes to the service worker as the push service would deliver it
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const reg = e.registrations.find((r) => r.scopeURL.startsWith(server.url) && !r.isDeleted);
        if (reg) resolve(reg.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: await registrationId,
      data: JSON.stringify(received),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            data: n.data,
          })),
        ),
      )
      .toEqual([{ title: messages.pushTestTitle[lang], data: { id: null, type: 'test' } }]);
    await context.close();
  });
});

describe('without permission', () => {
  it('says "Push Notification permission denied" when the browser refuses', async () => {
    const { page, context } = await newPage(browser, 'en');
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    const m = await merchant();
    await loginThroughUi(page, server.url, m.mobile, m.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/push-test`);
    await page.getByRole('button', { name: pushTexts.send }).click();
    await page.getByText(messages.pushPermissionDenied.en).first().waitFor();
    await context.close();
  });
});

describe('offline', () => {
  it('opens the app shell with the server stopped and shows the offline notice', async () => {
    const own = await startServer();
    const { page, context } = await newPage(browser, 'en');
    try {
      await page.goto(`${own.url}/login`);
      await page.locator('input[type=tel]').waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect(await page.getByTestId('offline-notice').count()).toBe(0);

      await own.stop();
      await page.reload();
      await page.locator('input[type=tel]').waitFor();
      await page.getByTestId('offline-notice').waitFor();
      expect(await page.getByTestId('offline-notice').textContent()).toBe(messages.offlineNotice.en);
      // a lazy screen's code comes from the precache too
      await page.goto(`${own.url}/about`);
      await page.locator('h1, h2').first().waitFor();
      expect(await page.locator('h1, h2').first().textContent()).toBeTruthy();
      await screenshot(page, 'offline-shell-en');
    } finally {
      await context.close();
      await own.stop();
    }
  });
});
