/**
 * Staff and couriers in the browser, in English and Arabic: the merchant adds an employee and a
 * courier (with the form's messages), updates one, opens the courier's page; each new account
 * logs in and sees its own dashboard and settings entries; staff and the merchant add walk-in users.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  LANGS,
  localMobile,
  loginThroughUi,
  newPage,
  openE2E,
  screenshot,
  sheetSettled,
} from './harness';
import {
  field,
  fillEmployee,
  type NewEmployee,
  pick,
  signOutLocally,
  submitAndSeeToast,
  textsOf,
} from './staff-helpers';

/** How a Qatari mobile is shown (issue 23): `+974 3199 9801`. */
const shownPhone = (local: string) => `+974 ${local.slice(0, 4)} ${local.slice(4)}`;

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

const menuEntries = (page: Page) =>
  page.locator('[data-entry]').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry')));

describe.each(LANGS)('employees, couriers and add user (%s)', (lang) => {
  const tx = textsOf(lang);
  const E = tx.employees;
  // the demo's branches, by their Arabic names in Arabic (issue 23, point 10)
  const westBay = lang === 'ar' ? 'الخليج الغربي' : 'West Bay';
  const pearl = lang === 'ar' ? 'اللؤلؤة' : 'The Pearl';
  const staff: NewEmployee = {
    fName: `Layla${lang}`,
    local: localMobile(),
    password: 'staff-pass-1',
    branch: westBay,
  };
  const courier: NewEmployee = {
    fName: `Khalid${lang}`,
    local: localMobile(),
    password: 'courier-pass-1',
    branch: pearl,
  };
  let page: Page;

  beforeAll(async () => {
    ({ page } = await newPage(browser, lang));
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => page?.context().close());

  it('adds an employee: the messages of an incomplete form, then the toast and the new row', async () => {
    await page.goto(`${server.url}/setting?sheet=employees`);
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: E.add }).click();
    await field(sheet, E.fName).fill(staff.fName);
    await sheet.locator('form button[type=submit]').click();
    await sheet.getByText(tx.msg('chooseBranch'), { exact: true }).waitFor();
    expect(await sheet.getByText(tx.msg('required'), { exact: true }).count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, `staff-add-employee-errors-${lang}`);

    await fillEmployee(page, sheet, tx, staff, tx.roles.merchantUser);
    await submitAndSeeToast(page, sheet.locator('form button[type=submit]'), tx.msg('addedSuccessfully'));
    await sheet.getByText(`${staff.fName} M L`).waitFor();
    await screenshot(page, `staff-employees-sheet-${lang}`);
  });

  it('updates the employee: the button shows only once a field changed', async () => {
    const sheet = page.getByRole('dialog');
    await sheet.getByText(`${staff.fName} M L`).click();
    const first = field(sheet, E.fName);
    await expect.poll(() => first.inputValue()).toBe(staff.fName);
    expect(await sheet.getByRole('button', { name: E.update, exact: true }).count()).toBe(0);
    staff.fName = `${staff.fName}x`;
    await first.fill(staff.fName);
    await screenshot(page, `staff-update-employee-${lang}`);
    await submitAndSeeToast(
      page,
      sheet.getByRole('button', { name: E.update, exact: true }),
      tx.msg('updatedSuccessfully'),
    );
    await sheet.getByText(`${staff.fName} M L`).waitFor();
    const row = await server.api('merchant/login', { username: `974${staff.local}`, password: staff.password });
    expect(row.rule).toBe('merchantUser');
  });

  it('shows the employee page with the details and the update sheet', async () => {
    const { token } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
    const list = await server.api('merchant/user/list', { rule: 'merchantUser' }, token);
    const id = list.rows.find((r: { merchantUser: { fName: string } }) => r.merchantUser.fName === staff.fName).id;
    await page.goto(`${server.url}/employee/${id}`);
    await page.getByRole('heading', { name: `${staff.fName} M L` }).waitFor();
    expect(await page.locator('body').textContent()).toContain(westBay);
    await page.getByRole('button', { name: E.update, exact: true }).click();
    await field(page.getByRole('dialog'), E.fName).waitFor();
    await sheetSettled(page);
    await screenshot(page, `staff-employee-page-${lang}`);
  });

  it('adds a courier with the rule fixed and opens its page with both tabs', async () => {
    await page.goto(`${server.url}/setting?sheet=deliveryEmployees`);
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: E.addDelivery }).click();
    expect(await field(sheet, E.rule).count()).toBe(0);
    await fillEmployee(page, sheet, tx, courier);
    await submitAndSeeToast(page, sheet.locator('form button[type=submit]'), tx.msg('addedSuccessfully'));
    const row = sheet.getByText(`${courier.fName} M L`);
    await row.waitFor();
    await screenshot(page, `staff-delivery-sheet-${lang}`);
    await row.click();
    await page.waitForURL('**/deliveryemployeelist/*');
    await page.getByRole('heading', { name: `${courier.fName} M L` }).waitFor();
    expect(await page.locator('body').textContent()).toContain(shownPhone(courier.local));
    await page.getByRole('tab', { name: E.employeeInfo }).click();
    await page.getByText(E.noProductRequests).waitFor();
    await screenshot(page, `staff-delivery-employee-${lang}`);
  });

  it('the merchant adds a walk-in customer on /createuser with a branch', async () => {
    await page.goto(`${server.url}/createuser`);
    const form = page.locator('form');
    await field(form, tx.users.name).fill(`Walk-in ${lang}`);
    await field(form, tx.users.mobile).fill(localMobile());
    await pick(page, form, tx.users.branch, pearl);
    await screenshot(page, `staff-createuser-merchant-${lang}`);
    await submitAndSeeToast(page, form.locator('button[type=submit]'), tx.msg('addedSuccessfully'));
    await page.waitForURL('**/dashboard');
  });

  it('the new staff member sees the staff dashboard, their entries, and adds a user (a taken mobile is refused)', async () => {
    await signOutLocally(page);
    await loginThroughUi(page, server.url, `974${staff.local}`, staff.password);
    await page.waitForURL('**/dashboard');
    await page.getByText(`${staff.fName} M L`, { exact: false }).first().waitFor();
    // textContent: innerText would follow the badge's upper-case style
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain(shownPhone(staff.local));
    expect(text).toContain(tx.roles.merchantUser);
    expect(text).toContain(tx.common.active);
    expect(text).toContain(westBay);
    await screenshot(page, `staff-dashboard-staff-${lang}`);

    await page.goto(`${server.url}/setting`);
    await page.locator('[data-entry]').first().waitFor();
    expect(await menuEntries(page)).toEqual(['products', 'offerRequests', 'addUser']);
    await screenshot(page, `staff-settings-staff-${lang}`);

    const mobile = localMobile();
    for (const attempt of [1, 2]) {
      await page.goto(`${server.url}/setting?sheet=addUser`);
      const sheet = page.getByRole('dialog');
      await field(sheet, tx.users.name).fill('Guest');
      await field(sheet, tx.users.mobile).fill(mobile);
      if (attempt === 1)
        await submitAndSeeToast(page, sheet.locator('button[type=submit]'), tx.msg('addedSuccessfully'));
      else {
        await sheet.locator('button[type=submit]').click();
        await sheet.getByText(tx.msg('mobileTaken')).waitFor();
        await screenshot(page, `staff-add-user-taken-${lang}`);
      }
    }
  });

  it('the new courier sees the delivery dashboard and only available deliveries', async () => {
    await signOutLocally(page);
    await loginThroughUi(page, server.url, `974${courier.local}`, courier.password);
    await page.waitForURL('**/dashboard');
    await page.locator('a[href="/availableDeliveries"]').first().waitFor();
    await screenshot(page, `staff-dashboard-courier-${lang}`);
    await page.goto(`${server.url}/setting`);
    await page.locator('[data-entry]').first().waitFor();
    expect(await menuEntries(page)).toEqual(['availableDeliveries']);
    await screenshot(page, `staff-settings-courier-${lang}`);
  });
});
