/**
 * Product orders in the browser, in English and Arabic: a customer orders through the customer API;
 * the merchant assigns the delivery in the product requests sheet; the courier signs in, opens it
 * from the dashboard, moves it to in progress and completes it; the merchant marks a pickup picked
 * and confirms the customer's refund, which shows refund.done with its comment and gives the points back.
 * Issue 23: a courier is assigned from the order's own page (couriers by branch, the order's first),
 * the order page's actions come before its QR code, and completing a delivery asks first.
 */
import type { Browser, Page } from 'playwright-core';
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
  signUpCustomer,
} from './harness';
import { field, pick, submitAndSeeToast } from './staff-helpers';

type Tree = { [key: string]: string | Tree };
const textsOf = (lang: Lang) => {
  const pr = readLocale<Tree>(`features/product-requests/locales/${lang}.json`);
  const d = readLocale<Tree>(`features/deliveries/locales/${lang}.json`);
  const at = (tree: Tree, path: string) =>
    path.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k], tree) as string;
  return {
    pr: (path: string) => at(pr, path),
    d: (path: string) => at(d, path),
    msg: (key: keyof typeof messages) => messages[key][lang],
  };
};

let server: E2EServer;
let browser: Browser;
let merchantToken: string;
let westBay: number;
let latte: { id: number; name: string; nameAr: string; points: number };
/** Picked up: a product without delivery (SPEC §4's Picked is for those). */
let cake: { id: number; name: string; nameAr: string; points: number };
/** The courier's option in the assign lists: its name and its branch's name in the page's language (issue 23). */
let courierName: (lang: Lang) => string;
/** The courier's branch (the demo's West Bay) as each language names it. */
let courierBranch: (lang: Lang) => string;
let seq = 0;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
  const branches = await server.api('merchant/branch/list', {}, merchantToken);
  westBay = branches.rows.find((b: { branchName: string }) => b.branchName === 'West Bay').id;
  const couriers = await server.api('merchant/user/list', { rule: 'delivery' }, merchantToken);
  const courier = couriers.rows.find(
    (e: { merchantUser: { mobileNum: string } }) => e.merchantUser.mobileNum === DEMO_STAFF.delivery,
  );
  // the courier list names each courier's branch (issue 23)
  courierBranch = (lang) =>
    lang === 'ar' ? (courier.Branch.branchNameAr ?? courier.Branch.branchName) : courier.Branch.branchName;
  courierName = (lang) => `${courier.name} · ${courierBranch(lang)}`;
  const products = await server.api('merchant/product/list', {}, merchantToken);
  latte = products.rows.find((p: { name: string }) => p.name === 'Cardamom latte');
  cake = products.rows.find((p: { name: string }) => p.name === 'Saffron date cake');
});
afterAll(() => closeE2E({ server, browser }));

/** A new customer with 500 points and a Doha address, signed in through the customer API. */
async function newCustomer(lang: Lang) {
  const mobile = `97455${String(Date.now() % 100000).padStart(5, '0')}${++seq % 10}`;
  const name = `E2E ${lang === 'ar' ? 'سارة' : 'Sara'} ${seq}`;
  await signUpCustomer(server, { name, mobile });
  expect(await server.admin('customer', 'grant', mobile, '500')).toContain('Granted 500 P');
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const address = await server.api(
    'user/address/add',
    { address1: 'Tower 2, Majlis Al Taawon Street', area: 'West Bay', city: 'Doha', lat: 25.3197, long: 51.5244 },
    token,
  );
  const order = async (type: 'pickup' | 'delivery') =>
    (
      await server.api(
        'user/product/request',
        {
          productId: type === 'pickup' ? cake.id : latte.id,
          branchId: westBay,
          type,
          payWith: 'points',
          ...(type === 'delivery' && { addressId: address.id }),
        },
        token,
      )
    ).id as number;
  return { name, mobile, token, order };
}

const balanceOf = async (token: string) => (await server.api('user/me', {}, token)).balance as number;

async function signIn(lang: Lang, mobile: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, lang);
  await loginThroughUi(page, server.url, mobile, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close() };
}

describe.each(LANGS)('product orders (%s)', (lang) => {
  it('the merchant assigns a delivery; the courier moves it to in progress and completes it', async () => {
    const tx = textsOf(lang);
    const c = await newCustomer(lang);
    const id = await c.order('delivery');

    // the merchant assigns it in the sheet's Delivery tab
    const merchant = await signIn(lang, DEMO_MERCHANT);
    await merchant.page.goto(`${server.url}/setting?sheet=productRequests`);
    await merchant.page.getByTestId('product-request-row').first().waitFor();
    await screenshot(merchant.page, `orders-sheet-pickup-${lang}`);
    await merchant.page.getByRole('tab', { name: tx.pr('tabs.delivery') }).click();
    const form = merchant.page.getByTestId('assign-delivery-form');
    const submit = form.getByRole('button', { name: tx.pr('assign.submit') });
    await form.getByRole('checkbox', { name: `#${id} ·` }).check();
    expect(await submit.count()).toBe(0); // no courier yet: no submit
    await pick(merchant.page, form, tx.pr('assign.courier'), courierName(lang));
    await form.getByRole('checkbox', { name: `#${id} ·` }).uncheck();
    expect(await submit.count()).toBe(0); // no request: no submit
    await form.getByRole('checkbox', { name: `#${id} ·` }).check();
    await screenshot(merchant.page, `orders-assign-form-${lang}`);
    await submitAndSeeToast(merchant.page, submit, tx.msg('assignedSuccessfully'));
    await merchant.page.getByRole('tab', { name: tx.pr('tabs.canceled') }).click();
    await merchant.page.getByTestId('product-request-row').first().waitFor();
    await screenshot(merchant.page, `orders-sheet-canceled-${lang}`);
    await merchant.close();

    // the courier: dashboard → available deliveries → the delivery
    const courier = await signIn(lang, DEMO_STAFF.delivery);
    await courier.page.locator('a[href="/availableDeliveries"]').first().click();
    await courier.page.waitForURL('**/availableDeliveries');
    const row = courier.page.locator(`a[href="/deliveryProduct/${id}"]`);
    await row.waitFor();
    await screenshot(courier.page, `orders-available-deliveries-${lang}`);
    await row.click();
    await courier.page.waitForURL(`**/deliveryProduct/${id}`);
    await courier.page.getByTestId('map-picker').waitFor();
    expect(await courier.page.getByTestId('call-customer').getAttribute('href')).toBe(`tel:+${c.mobile}`);
    const start = courier.page.getByRole('button', { name: tx.d('toInProgress') });
    const complete = courier.page.getByRole('button', { name: tx.d('complete') });
    expect(await complete.count()).toBe(0);
    await screenshot(courier.page, `orders-delivery-pending-${lang}`);
    await start.click();
    await complete.waitFor();
    expect(await start.count()).toBe(0);
    expect(await courier.page.getByTestId('delivery-status').getAttribute('data-status')).toBe('inProgress');
    await screenshot(courier.page, `orders-delivery-in-progress-${lang}`);
    // it is now under InProgress
    await courier.page.goto(`${server.url}/availableDeliveries`);
    await courier.page.getByRole('tab', { name: tx.d('tabs.inProgress') }).click();
    await courier.page.locator(`a[href="/deliveryProduct/${id}"]`).click();
    // completing asks first (issue 23): "Not yet" keeps it in progress
    await courier.page.getByRole('button', { name: tx.d('complete') }).click();
    const confirm = courier.page.getByTestId('confirm-delivered');
    await confirm.waitFor();
    await screenshot(courier.page, `orders-delivery-confirm-${lang}`);
    await confirm.getByRole('button', { name: tx.d('notYet') }).click();
    await courier.page.getByRole('button', { name: tx.d('complete') }).waitFor();
    expect(await courier.page.getByTestId('delivery-status').getAttribute('data-status')).toBe('inProgress');
    await courier.page.getByRole('button', { name: tx.d('complete') }).click();
    // the customer's code from their app (issue 26)
    const mine = await server.api('user/product/req/list', {}, c.token);
    const pin = mine.rows.find((r: { id: number }) => r.id === id).deliveryPin as string;
    await courier.page.getByTestId('confirm-delivered').getByRole('textbox').first().click();
    await courier.page.keyboard.type(pin);
    await courier.page.getByRole('button', { name: tx.d('confirmDelivered') }).click();
    await courier.page.getByTestId('delivered').waitFor();
    expect(await courier.page.getByRole('button', { name: tx.d('complete') }).count()).toBe(0);
    expect(await courier.page.getByRole('button', { name: tx.d('toInProgress') }).count()).toBe(0);
    await screenshot(courier.page, `orders-delivery-done-${lang}`);
    await courier.close();

    // done: the points moved and the request is done
    expect(await balanceOf(c.token)).toBe(500 - latte.points);
    const done = await server.api('merchant/product/req/details', { id }, merchantToken);
    expect(done).toMatchObject({ status: 'done', deliveryStatus: 'done' });
  });

  it("assigns a courier from the order's own page: the order's branch first, a toast, actions above the QR code", async () => {
    const tx = textsOf(lang);
    const c = await newCustomer(lang);
    const id = await c.order('delivery');
    const merchant = await signIn(lang, DEMO_MERCHANT);
    await merchant.page.goto(`${server.url}/productrequest/${id}`);
    const section = merchant.page.getByTestId('assign-courier');
    await section.waitFor();
    await expect.poll(() => merchant.page.getByTestId('product-request-qr').locator('svg').count()).toBe(1);
    // the actions come before the QR code
    const actionsBottom = await section.evaluate((e) => e.getBoundingClientRect().bottom);
    const qrTop = await merchant.page.getByTestId('product-request-qr').evaluate((e) => e.getBoundingClientRect().top);
    expect(actionsBottom).toBeLessThan(qrTop);
    // no courier chosen: no submit (SPEC §5); the list: the order's branch (West Bay) first, each with its branch
    expect(await section.getByRole('button', { name: tx.pr('assign.submit') }).count()).toBe(0);
    await field(section, tx.pr('assign.courier')).click();
    const options = merchant.page.getByRole('option');
    await options.first().waitFor();
    const labels = await options.allTextContents();
    expect(labels[0]).toBe(courierName(lang));
    for (const label of labels) expect(label).toMatch(/ · /);
    const groups = await merchant.page.locator('.mantine-Select-groupLabel').allTextContents();
    expect(groups[0]).toBe(courierBranch(lang));
    await screenshot(merchant.page, `orders-order-page-couriers-${lang}`);
    await options.first().click();
    await submitAndSeeToast(
      merchant.page,
      section.getByRole('button', { name: tx.pr('assign.submit') }),
      tx.msg('assignedSuccessfully'),
    );
    const details = await server.api('merchant/product/req/details', { id }, merchantToken);
    expect(details.DeliveryEmployee.mobileNum).toBe(DEMO_STAFF.delivery);
    // assigned, not started: it can still be handed over from here
    await merchant.page.getByText(tx.pr('assign.reassignTitle')).waitFor();
    await screenshot(merchant.page, `orders-order-page-assigned-${lang}`);
    await merchant.close();
  });

  it('the merchant marks a pickup picked, then confirms its refund: refund.done with the comment, points back', async () => {
    const tx = textsOf(lang);
    const c = await newCustomer(lang);
    // a pickup of a product that has delivery offers no Picked (SPEC §4)
    const ofLatte = (
      await server.api(
        'user/product/request',
        { productId: latte.id, branchId: westBay, type: 'pickup', payWith: 'points' },
        c.token,
      )
    ).id as number;
    const id = await c.order('pickup');
    const merchant = await signIn(lang, DEMO_MERCHANT);
    await merchant.page.goto(`${server.url}/productrequest/${ofLatte}`);
    await merchant.page.getByTestId('product-request-status').waitFor();
    expect(await merchant.page.getByRole('button', { name: tx.pr('picked') }).count()).toBe(0);
    await merchant.page.goto(`${server.url}/productrequest/${id}`);
    const status = merchant.page.getByTestId('product-request-status');
    await status.waitFor();
    expect(await merchant.page.getByTestId('product-request-active').textContent()).toBe(tx.pr('active'));
    await expect.poll(() => merchant.page.getByTestId('product-request-qr').locator('svg').count()).toBe(1);
    await screenshot(merchant.page, `orders-pickup-pending-${lang}`);
    await submitAndSeeToast(
      merchant.page,
      merchant.page.getByRole('button', { name: tx.pr('picked') }),
      tx.msg('markedPicked'),
    );
    await expect.poll(() => status.getAttribute('data-status')).toBe('done');
    expect(await merchant.page.getByRole('button', { name: tx.pr('picked') }).count()).toBe(0);
    // a finished order is not called active beside Done (issue 23)
    expect(await merchant.page.getByTestId('product-request-active').count()).toBe(0);
    expect(await balanceOf(c.token)).toBe(500 - cake.points);

    // the customer asks for a refund; the merchant confirms it with a comment
    await server.api('user/product/req/refund', { id, comment: 'Too sweet for me' }, c.token);
    await merchant.page.reload();
    const refund = merchant.page.getByRole('button', { name: tx.pr('refund'), exact: true });
    await refund.waitFor();
    await refund.click();
    await merchant.page.getByText(tx.msg('required'), { exact: true }).waitFor(); // the comment is required
    await screenshot(merchant.page, `orders-refund-pending-${lang}`);
    const comment = lang === 'ar' ? 'تم رد النقاط كاملة' : 'Points returned in full';
    await field(merchant.page.locator('form'), tx.pr('refundCommentLabel')).fill(comment);
    await submitAndSeeToast(merchant.page, refund, tx.msg('refundConfirmed'));
    await expect.poll(() => status.getAttribute('data-status')).toBe('refund.done');
    expect(await status.textContent()).toBe(tx.pr('status.refundDone'));
    expect(await merchant.page.getByTestId('refund-comment').textContent()).toBe(comment);
    expect(await refund.count()).toBe(0);
    await screenshot(merchant.page, `orders-refund-done-${lang}`);
    expect(await balanceOf(c.token)).toBe(500);

    // a missing or foreign id shows the not-found state
    await merchant.page.goto(`${server.url}/productrequest/99999999`);
    await merchant.page.getByTestId('not-found-state').waitFor();
    await merchant.page.goto(`${server.url}/productrequest/abc`);
    await merchant.page.getByTestId('not-found-state').waitFor();
    await merchant.close();
  });
});
