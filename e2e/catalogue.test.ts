/**
 * Catalogue flows in the browser, in English and Arabic: a branch added by clicking the map, an
 * offer with two images seen in the grid and its details, a product moved out of stock by an update.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  LANGS,
  type Lang,
  localMobile,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
} from './harness';

/** The UI's own strings, so the test reads the screen in either language. */
const strings = (lang: Lang) => ({
  branches: readLocale(`features/branches/locales/${lang}.json`) as Record<string, string>,
  offers: readLocale(`features/offers/locales/${lang}.json`) as Record<string, string>,
  products: readLocale(`features/products/locales/${lang}.json`) as Record<string, string>,
});

let server: E2EServer;
let browser: Browser;
let pictures: string[];

beforeAll(async () => {
  ({ server, browser } = await openE2E());
  await server.admin('tag', 'add', 'Coffee');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-img-'));
  pictures = [];
  for (const [i, color] of [
    { r: 230, g: 120, b: 40 },
    { r: 40, g: 140, b: 200 },
    { r: 90, g: 170, b: 90 },
  ].entries()) {
    const file = path.join(dir, `picture-${i + 1}.png`);
    await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
      .png()
      .toFile(file);
    pictures.push(file);
  }
});
afterAll(() => closeE2E({ server, browser }));

const DESC = 'Freshly brewed and served with a smile at every branch.';
const DESC_AR = 'قهوة طازجة تقدم مع ابتسامة في كل فروعنا دائماً.';

/** Waits for the screen (lazy screens, the settings spinner, uploads): e2e's 15 s, looking every 100 ms. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** A screenshot once sheets have finished sliding in. */
const shot = async (page: Page, name: string) => {
  await page
    .waitForFunction("document.getAnimations().every((a) => a.playState !== 'running')", undefined, {
      timeout: 5_000,
    })
    .catch(() => {});
  await screenshot(page, name);
};

/** The open bottom sheet or side panel. */
const sheet = (page: Page) => page.locator('.mantine-Drawer-content').last();

describe.each(LANGS)('catalogue (%s)', (lang) => {
  const s = strings(lang);
  const ar = lang === 'ar';
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    const local = localMobile();
    const mobile = `974${local}`;
    await server.api('merchant/signup', {
      name: `Catalogue Cafe ${lang}`,
      mobile,
      password: 'merchant-pass-1',
      check: true,
      userCurrncy: 'USD',
    });
    await server.admin('merchant', 'approve', mobile);
    ({ page, context } = await newPage(browser, lang));
    await loginThroughUi(page, server.url, mobile, 'merchant-pass-1');
    await page.waitForURL('**/dashboard');
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  });
  afterAll(async () => context?.close());

  it('adds a branch by clicking the map', async () => {
    await page.goto(`${server.url}/setting?sheet=branches`);
    await poll(() => sheet(page).getByText(s.branches.empty).isVisible()).toBe(true);
    await shot(page, `catalogue-branches-empty-${lang}`);
    await sheet(page).getByRole('button', { name: s.branches.add }).click();
    await page.locator('input[name=branchName]').fill(ar ? 'فرع الخليج' : 'West Bay');
    await page.locator('input[name=phone]').fill('44001122');
    await page.locator('input[name=address]').fill('West Bay, Doha');
    await page.locator('input[name=addressAr]').fill('الخليج الغربي، الدوحة');
    await page
      .getByTestId('map-picker')
      .locator('.leaflet-container')
      .click({ position: { x: 140, y: 160 } });
    await poll(() => page.locator('input[name=lat]').inputValue()).toMatch(/^25\.\d+/);
    expect(await page.locator('input[name=long]').inputValue()).toMatch(/^51\.\d+/);
    expect(await page.getByTestId('map-picker').locator('path.leaflet-interactive').count()).toBe(1);
    await shot(page, `catalogue-branch-form-${lang}`);
    await sheet(page).locator('button[type=submit]').click();
    await poll(() => sheet(page).getByTestId('branch-row').count()).toBe(1);
    const row = sheet(page).getByTestId('branch-row').first();
    expect((await row.textContent()) ?? '').toContain(ar ? 'الخليج الغربي، الدوحة' : 'West Bay, Doha');
    expect((await row.textContent()) ?? '').toContain('1');
    await shot(page, `catalogue-branches-${lang}`);

    const list = await server.api('merchant/branch/list', {}, token);
    expect(list.count).toBe(1);
    expect(list.rows[0].lat).toBeGreaterThan(25);
    expect(list.rows[0].long).toBeGreaterThan(51);

    await row.click();
    await page.waitForURL(/\/branch\/\d+$/);
    await poll(() => page.getByRole('tab', { name: s.branches.offers }).isVisible()).toBe(true);
    await shot(page, `catalogue-branch-details-${lang}`);
    await page.getByRole('button', { name: s.branches.update }).click();
    await poll(() => sheet(page).getByTestId('map-picker').isVisible()).toBe(true);
    await shot(page, `catalogue-branch-update-${lang}`);
  });

  it('adds an offer with two images and sees it in the grid and its details', async () => {
    await page.goto(`${server.url}/setting?sheet=offers`);
    await poll(() => sheet(page).getByText(s.offers.empty).isVisible()).toBe(true);
    await shot(page, `catalogue-offers-empty-${lang}`);
    await sheet(page).getByRole('button', { name: s.offers.add }).click();

    await sheet(page).getByLabel(s.offers.branchsIds).click();
    await page.getByRole('option', { name: ar ? 'فرع الخليج' : 'West Bay' }).click();
    await sheet(page).getByLabel(s.offers.tagsIds).click();
    await page.getByRole('option', { name: 'Coffee' }).click();
    await page.locator('input[name=title]').click();
    await page.locator('input[name=title]').fill('Two flat whites');
    await page.locator('input[name=titleAr]').fill('كوبان من الفلات وايت');
    await page.locator('textarea[name=description]').fill(DESC);
    await page.locator('textarea[name=descriptionAr]').fill(DESC_AR);
    await page.locator('input[name=price]').fill('12.5');
    await page.locator('input[name=points]').fill('60');
    await page.locator('input[name=availableNumberOfOffers]').fill('100');
    await page.locator('input[name=startDate]').fill('2030-01-01');
    await page.locator('input[name=endDate]').fill('2030-03-31');
    await sheet(page).locator('input[type=file]').setInputFiles(pictures.slice(0, 2));
    await poll(() => sheet(page).locator('img').count()).toBe(2);
    await shot(page, `catalogue-offer-form-${lang}`);
    await sheet(page).locator('button[type=submit]').click();

    const card = sheet(page).getByTestId('offer-card');
    await poll(() => card.count()).toBe(1);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(ar ? 'كوبان من الفلات وايت' : 'Two flat whites');
    expect(text).toContain('60 P');
    expect(text).toMatch(ar ? /12\.50 \$/ : /\$12\.50/);
    await poll(() =>
      card.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    await shot(page, `catalogue-offers-${lang}`);

    await card.click();
    await page.waitForURL(/\/offer\/\d+$/);
    await poll(() => page.getByTestId('offer-image').count()).toBe(2);
    await poll(() =>
      page.getByTestId('offer-main-image').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    const details = (await page.locator('main').textContent()) ?? '';
    expect(details).toContain(ar ? 'فرع الخليج' : 'West Bay');
    expect(details).toContain(s.offers.users);
    expect(details).toContain(s.offers.requests);
    await shot(page, `catalogue-offer-details-${lang}`);

    const [offer] = (await server.api('merchant/offer/list', {}, token)).rows;
    expect(offer.images).toHaveLength(2);
    expect(offer.images[0]).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    await page.getByRole('button', { name: s.offers.update }).click();
    await poll(() => sheet(page).locator('input[name=title]').inputValue()).toBe('Two flat whites');
    await shot(page, `catalogue-offer-update-${lang}`);
    await page.keyboard.press('Escape');
  });

  it('adds a product, moves it out of stock by update and sees it change tab', async () => {
    await page.goto(`${server.url}/setting?sheet=products`);
    await poll(() => sheet(page).getByText(s.products.empty).first().isVisible()).toBe(true);
    await shot(page, `catalogue-products-empty-${lang}`);
    await sheet(page).getByRole('button', { name: s.products.add }).click();
    await page.locator('input[name=name]').fill('Cardamom latte');
    await page.locator('input[name=nameAr]').fill('لاتيه بالهيل');
    await page.locator('input[name=price]').fill('4.75');
    await page.locator('input[name=stockAmount]').fill('5');
    await page.locator('input[name=points]').fill('20');
    await page.locator('textarea[name=description]').fill(DESC);
    await page.locator('textarea[name=descriptionAr]').fill(DESC_AR);
    await shot(page, `catalogue-product-form-${lang}`);
    await sheet(page).locator('button[type=submit]').click();

    const inStock = sheet(page).getByTestId('products-in-stock');
    await poll(() => inStock.getByTestId('product-card').count()).toBe(1);
    expect((await inStock.textContent()) ?? '').toContain(ar ? 'لاتيه بالهيل' : 'Cardamom latte');
    await shot(page, `catalogue-products-${lang}`);

    await inStock.getByTestId('product-card').click();
    await page.waitForURL(/\/product\/\d+$/);
    await page.locator('main input[type=file]').setInputFiles(pictures[2]);
    await poll(() =>
      page.getByTestId('product-image').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    await shot(page, `catalogue-product-details-${lang}`);

    await page.getByRole('button', { name: s.products.update }).click();
    await sheet(page).locator('input[name=stockAmount]').fill('0');
    await shot(page, `catalogue-product-update-${lang}`);
    await sheet(page).locator('button[type=submit]').click();
    await poll(() => page.locator('main').getByText(s.products.outOfStock).isVisible()).toBe(true);

    await page.goto(`${server.url}/setting?sheet=products`);
    await poll(() => sheet(page).getByText(s.products.empty).isVisible()).toBe(true);
    await sheet(page).getByRole('tab', { name: s.products.outOfStock }).click();
    const outOfStock = sheet(page).getByTestId('products-out-of-stock');
    await poll(() => outOfStock.getByTestId('product-card').count()).toBe(1);
    // the update sent only the stock: the price keeps its cents
    expect((await outOfStock.textContent()) ?? '').toMatch(ar ? /4\.75 \$/ : /\$4\.75/);
    await shot(page, `catalogue-products-out-of-stock-${lang}`);
  });
});

describe.each(LANGS)('staff sees the catalogue read-only (%s)', (lang) => {
  it("lists the demo merchant's products without Add Product, and opens one", async () => {
    const s = strings(lang);
    await server.admin('demo');
    const { page, context } = await newPage(browser, lang);
    await loginThroughUi(page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/setting?sheet=products`);
    const inStock = sheet(page).getByTestId('products-in-stock');
    await poll(() => inStock.getByTestId('product-card').count()).toBeGreaterThan(0);
    expect(await sheet(page).getByRole('button', { name: s.products.add }).count()).toBe(0);
    await shot(page, `catalogue-staff-products-${lang}`);
    await inStock.getByTestId('product-card').first().click();
    await page.waitForURL(/\/product\/\d+$/);
    await poll(() => page.getByTestId('product-image').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: s.products.update }).count()).toBe(0);
    expect(await page.locator('main input[type=file]').count()).toBe(0);
    await shot(page, `catalogue-staff-product-details-${lang}`);
    await context.close();
  });
});
