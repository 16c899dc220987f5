/**
 * Staff rights beyond the Standard set (issue 27), in English and Arabic at 375 px: the merchant
 * makes a set with editProducts and reports and gives it to the demo staff member, who then changes
 * a product's stock from the product page (the staff call, merchantUser/product/update) and opens
 * Account reports from their menu: their own branch's figures only.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  LANGS,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
  sheetSettled,
} from './harness';
import { field, pick, submitAndSeeToast } from './staff-helpers';

type Tree = Record<string, string> & { labels: Record<string, string> };
const textsOf = (lang: Lang) => {
  const app = readLocale<Record<string, Record<string, string>>>(`locales/${lang}.json`);
  return {
    p: readLocale<Tree>(`features/permissions/locales/${lang}.json`),
    e: readLocale(`features/employees/locales/${lang}.json`),
    products: readLocale(`features/products/locales/${lang}.json`),
    reports: readLocale(`features/reports/locales/${lang}.json`),
    menu: app.menu as Record<string, string>,
    msg: (key: keyof typeof messages) => messages[key][lang],
  };
};

let server: E2EServer;
let browser: Browser;
let merchantToken: string;
let staffId: number;
let productId: number;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
  const staff = await server.api('merchant/user/list', { rule: 'merchantUser' }, merchantToken);
  staffId = staff.rows.find(
    (e: { merchantUser: { mobileNum: string } }) => e.merchantUser.mobileNum === DEMO_STAFF.merchantUser,
  ).id;
  const products = await server.api('merchant/product/list', { pageNum: 1, limit: 50 }, merchantToken);
  productId = products.rows[0].id;
});
afterAll(() => closeE2E({ server, browser }));

describe.each(LANGS)('staff rights: products and reports (%s)', (lang) => {
  it('a staff member with editProducts and reports changes a stock and reads their branch report', async () => {
    const tx = textsOf(lang);
    const setName = lang === 'ar' ? 'مشرف المخزون' : 'Stock lead';
    const stock = lang === 'ar' ? 17 : 23;

    // the merchant makes the set (editProducts and reports) and gives it to the staff member
    const merchant = await newPage(browser, lang);
    const m = merchant.page;
    await loginThroughUi(m, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await m.waitForURL('**/dashboard');
    await m.goto(`${server.url}/permission-sets`);
    await m.getByText(tx.p.defaultSet, { exact: true }).waitFor();
    await m.getByRole('button', { name: tx.p.add }).click();
    const form = m.getByRole('dialog');
    await field(form, tx.p.name).fill(setName);
    await form.getByLabel(tx.p.labels.editProducts as string).check();
    await form.getByLabel(tx.p.labels.reports as string).check();
    await submitAndSeeToast(m, form.locator('form button[type=submit]'), tx.msg('addedSuccessfully'));
    await m.getByTestId('permission-set-row').filter({ hasText: setName }).waitFor();
    const sets = await server.api('merchant/permissionSet/list', {}, merchantToken);
    const made = sets.rows.find((s: { name: string }) => s.name === setName);
    expect(made.permissions).toEqual(['editProducts', 'reports']);

    await m.goto(`${server.url}/employee/${staffId}`);
    await m.getByRole('button', { name: tx.e.update }).click();
    const sheet = m.getByRole('dialog');
    await pick(m, sheet, tx.e.permissionSet, setName);
    if (!(await field(sheet, tx.e.mName).inputValue())) await field(sheet, tx.e.mName).fill('M');
    await submitAndSeeToast(m, sheet.locator('form button[type=submit]'), tx.msg('updatedSuccessfully'));
    await merchant.context.close();

    // the staff member changes the stock from the product page
    const staff = await newPage(browser, lang);
    const s = staff.page;
    await loginThroughUi(s, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await s.waitForURL('**/dashboard');
    await s.goto(`${server.url}/product/${productId}`);
    await s.getByRole('button', { name: tx.products.update }).click();
    const edit = s.getByRole('dialog');
    await edit.locator('input[name=stockAmount]').fill(String(stock));
    await sheetSettled(s);
    await screenshot(s, `staff-rights-product-edit-${lang}`);
    await submitAndSeeToast(s, edit.locator('form button[type=submit]'), tx.msg('updatedSuccessfully'));
    await edit.waitFor({ state: 'hidden' });
    const stockRow = s.locator('main tr').filter({ hasText: tx.products.stockAmount });
    await expect.poll(() => stockRow.textContent()).toContain(String(stock));
    await screenshot(s, `staff-rights-product-${lang}`);
    const details = await server.api('merchant/product/details', { id: productId }, merchantToken);
    expect(details.stockAmount).toBe(stock);

    // ... and opens Account reports from their menu: their branch only
    await s.goto(`${server.url}/setting`);
    await s.getByRole('button', { name: tx.menu.accountReports }).click();
    const reportsSheet = s.getByRole('dialog');
    await reportsSheet.getByText(tx.reports.branchesCount.replace('{{count}}', '1'), { exact: true }).waitFor();
    await sheetSettled(s);
    await screenshot(s, `staff-rights-reports-sheet-${lang}`);
    await reportsSheet.getByRole('link', { name: tx.reports.open }).click();
    await s.waitForURL('**/accountReports');
    await s.getByTestId('reports').waitFor();
    const chart = s.getByTestId('chart-offer-requests').locator('[role=img]');
    const label = (await chart.getAttribute('aria-label')) ?? '';
    expect(label).toContain(lang === 'ar' ? 'الخليج الغربي' : 'West Bay');
    expect(label).not.toContain(lang === 'ar' ? 'اللؤلؤة' : 'The Pearl');
    expect(await s.getByTestId('accepting-figures').count()).toBe(1);
    await screenshot(s, `staff-rights-reports-${lang}`);
    await staff.context.close();

    // back to the Standard rights for the next language's run
    await server.api('merchant/employees/update', { userId: staffId, permissionSetId: 'default' }, merchantToken);
  });
});
