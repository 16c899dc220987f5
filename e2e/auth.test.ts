import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  LANGS,
  localMobile,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
} from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

describe.each(LANGS)('sign-up to dashboard (%s)', (lang) => {
  it('registers, waits for review, is approved by the operator, logs in and sees the merchant dashboard', async () => {
    const { page, context } = await newPage(browser, lang);
    const local = localMobile();
    const mobile = `974${local}`;
    const password = 'merchant-pass-1';

    await page.goto(`${server.url}/register`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.locator('input[autocomplete=organization]').fill(`E2E Cafe ${lang}`);
    await page.locator('input[type=tel]').fill(local);
    await page.locator('input[type=password]').fill(password);
    await page.locator('input[type=checkbox]').check();
    await screenshot(page, `auth-register-${lang}`);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/profile/activateaccount');
    await page.locator('main h1, main h2').first().waitFor();
    expect(await page.locator('body').textContent()).toMatch(lang === 'ar' ? /[\u0600-\u06FF]/ : /review/i);
    await screenshot(page, `auth-activate-${lang}`);

    // a merchant under review is kept out of the dashboard
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/profile/activateaccount');

    expect(await server.admin('merchant', 'approve', mobile)).toContain('Approved');

    await context.clearCookies();
    await page.evaluate(() => {
      const language = localStorage.getItem('language');
      localStorage.clear();
      if (language) localStorage.setItem('language', language);
    });
    await loginThroughUi(page, server.url, mobile, password);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('merchant-dashboard').waitFor();
    const text = await page.locator('body').textContent();
    if (lang === 'ar') {
      expect(text).toMatch(/[\u0600-\u06FF]/);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    } else {
      expect(text).toMatch(/balance/i);
    }
    await screenshot(page, `auth-dashboard-merchant-${lang}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, `auth-dashboard-merchant-desktop-${lang}`);
    await page.goto(`${server.url}/setting`);
    await page.locator('[data-entry]').first().waitFor();
    expect(await page.locator('[data-entry]').count()).toBeGreaterThan(5);
    await screenshot(page, `auth-settings-desktop-${lang}`);
    await context.close();
  });
});

describe.each(LANGS)('changing the sign-in mobile (%s)', (lang) => {
  it('asks for the current password; a wrong one is refused, the right one moves the account', async () => {
    const mobile = `974${localMobile()}`;
    const password = 'merchant-pass-1';
    await server.api('merchant/signup', { name: `Mobile ${lang}`, mobile, password, check: true, userCurrncy: 'USD' });
    await server.admin('merchant', 'approve', mobile);
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, mobile, password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/profile/personalinformation`);
    const number = page.locator('input[name=number]');
    await number.waitFor();
    const current = page.locator('input[name=password]');
    expect(await current.count()).toBe(0);

    const newLocal = localMobile();
    await number.fill(newLocal);
    await current.waitFor();
    const msg = readLocale<Record<string, string>>(`features/profile/locales/${lang}.json`);
    expect(await page.locator('form').textContent()).toContain(msg.passwordForMobile);
    await current.fill('not-my-password');
    await page.locator('form button[type=submit]').click();
    const wrong = lang === 'ar' ? 'كلمة المرور الحالية غير صحيحة' : 'The current password is not correct';
    await page.getByText(wrong).first().waitFor();
    await screenshot(page, `profile-mobile-password-${lang}`);

    await current.fill(password);
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('input[name=password]').count(), { timeout: 10_000 }).toBe(0);
    const { token } = await server.api('merchant/login', { username: `974${newLocal}`, password });
    expect(token).toEqual(expect.any(String));
    await context.close();
  });
});

describe.each(LANGS)('staff and couriers (%s)', (lang) => {
  it('a staff member reaches the staff dashboard', async () => {
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('staff-dashboard').waitFor();
    expect(await page.locator('body').textContent()).toContain('Ahmed');
    await screenshot(page, `auth-dashboard-staff-${lang}`);
    await context.close();
  });

  it('a courier reaches the courier dashboard', async () => {
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, DEMO_STAFF.delivery, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('delivery-dashboard').waitFor();
    await screenshot(page, `auth-dashboard-courier-${lang}`);
    await context.close();
  });
});

describe('access guard and language', () => {
  it('sends a visitor without a token to /login and back to the origin after login', async () => {
    const { page, context } = await newPage(browser, 'en');
    await page.goto(`${server.url}/setting`);
    await page.waitForURL('**/login');
    await screenshot(page, 'auth-login-en');
    await page.locator('input[type=tel]').fill(DEMO_STAFF.merchantUser.slice(3));
    await page.locator('input[type=password]').fill(DEMO_PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/setting');
    await context.close();
  });

  it('switches to Arabic from the languages screen and stays RTL', async () => {
    const { page, context } = await newPage(browser, 'en');
    await page.goto(`${server.url}/languages`);
    await page.getByTestId('language-ar').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    await screenshot(page, 'auth-languages-ar');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await context.close();
  });

  it("keeps the language chosen with the header's switch when Continue is pressed", async () => {
    const { page, context } = await newPage(browser, 'en');
    await page.goto(`${server.url}/languages`);
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('language-ar').getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await context.close();
  });
});
