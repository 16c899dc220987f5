/**
 * At the counter, in English and Arabic: a request made through the customer API appears live on the
 * staff member's Pending tab (even while the tab's first load, read before it, is still on its way) with its toast and the pending count in the tab title; staff reject it
 * with a reason and find it under Rejected with the reason; the merchant's activity log shows the
 * rejection and an approval.
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
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
  signUpCustomer,
} from './harness';

type Tree = { [k: string]: string | Tree };
const textsOf = (lang: Lang) => {
  const app = readLocale<Tree>(`locales/${lang}.json`);
  const activity = readLocale<Tree>(`features/activity/locales/${lang}.json`);
  const r = readLocale<Record<string, string>>(`features/requests/locales/${lang}.json`);
  const reject = app.reject as Tree;
  const feed = (app.feed as Tree).new as Tree;
  const actions = (activity.actions as Tree).offerRequest as Tree;
  return {
    r,
    rejectTitle: reject.title as string,
    rejectConfirm: reject.confirm as string,
    rejectDone: reject.done as string,
    other: (reject.presets as Tree).other as string,
    otherLabel: reject.otherLabel as string,
    newOffer: feed.offerRequest as string,
    rejectedAction: actions.reject as string,
    approvedAction: actions.approve as string,
  };
};

/** A promise and its resolve. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let server: E2EServer;
let browser: Browser;
let seq = 0;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

async function newCustomer(lang: Lang) {
  const mobile = fullMobile();
  const name = `Feed ${lang === 'ar' ? 'سارة' : 'Sara'} ${++seq}`;
  await signUpCustomer(server, { name, mobile });
  await server.admin('customer', 'grant', mobile, '1000');
  const { token } = await server.api('user/login', { username: mobile, password: 'cust-pass-1' });
  const offers = await server.api('user/offer/list', {}, token);
  const offer = offers.rows.find((o: { branchs: { branchName: string }[] }) =>
    o.branchs.some((b) => b.branchName === 'West Bay'),
  );
  const branch = offer.branchs.find((b: { branchName: string }) => b.branchName === 'West Bay');
  const ask = async () =>
    (await server.api('user/offer/request', { offerId: offer.id, branchId: branch.id, payWith: 'points' }, token))
      .id as number;
  return { name, ask };
}

describe.each(LANGS)('live feed, reject and activity (%s)', (lang) => {
  it('a new request appears live with its toast; rejected with a reason it shows under Rejected; the activity log shows it', async () => {
    const tx = textsOf(lang);
    const c = await newCustomer(lang);
    const staff = await newPage(browser, lang);
    await loginThroughUi(staff.page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await staff.page.waitForURL('**/dashboard');
    // the Pending list's first load is read by the server before the customer asks, and reaches the
    // page only after the request's event (as on a loaded phone): the list must still show the request
    const listRead = deferred();
    const release = deferred();
    await staff.page.route(
      '**/api/merchantUser/req/list',
      async (route) => {
        const response = await route.fetch();
        listRead.resolve();
        await release.promise;
        await route.fulfill({ response }).catch(() => undefined); // the page may have given up on it
      },
      { times: 1 },
    );
    await staff.page.goto(`${server.url}/setting?sheet=offerRequests`);
    await staff.page.waitForSelector('html[data-live-feed="open"]');
    await listRead.promise;
    expect(await staff.page.getByTestId('request-row').filter({ hasText: c.name }).count()).toBe(0);

    // the customer asks; no reload: the toast, the row and the title follow
    const first = await c.ask();
    await staff.page.getByText(tx.newOffer, { exact: true }).first().waitFor();
    release.resolve();
    await staff.page.getByTestId('request-row').filter({ hasText: c.name }).first().waitFor();
    await expect.poll(() => staff.page.title()).toMatch(/^\(\d+\) /);
    await screenshot(staff.page, `counter-feed-live-${lang}`);

    // reject with a reason of one's own
    await staff.page.locator(`a[href="/request/${first}"]`).click();
    await staff.page.waitForURL(`**/request/${first}`);
    await staff.page.getByRole('button', { name: tx.r.reject, exact: true }).click();
    const sheet = staff.page.getByRole('dialog', { name: tx.rejectTitle });
    await sheet.waitFor();
    await sheet.getByLabel(tx.other, { exact: true }).check();
    const reason = lang === 'ar' ? 'العميل غادر قبل الدفع' : 'Customer left before paying';
    await sheet.getByLabel(tx.otherLabel).fill(reason);
    await screenshot(staff.page, `counter-feed-reject-sheet-${lang}`);
    await sheet.getByRole('button', { name: tx.rejectConfirm, exact: true }).click();
    await staff.page.getByText(tx.rejectDone, { exact: true }).first().waitFor();
    await staff.page.getByTestId('rejected-reason').filter({ hasText: reason }).waitFor();
    expect(await staff.page.getByRole('button', { name: tx.r.approve, exact: true }).count()).toBe(0);

    // it is under Rejected
    await staff.page.goto(`${server.url}/setting?sheet=offerRequests`);
    await staff.page.getByRole('tab', { name: tx.r.rejected }).click();
    await staff.page.locator(`a[href="/request/${first}"]`).waitFor();
    await screenshot(staff.page, `counter-feed-rejected-tab-${lang}`);

    // a second request, approved by the merchant
    const second = await c.ask();
    const { token: merchantToken } = await server.api('merchant/login', {
      username: DEMO_MERCHANT,
      password: DEMO_PASSWORD,
    });
    await server.api('merchant/req/approve', { reqId: second }, merchantToken);

    // the merchant's activity log shows both
    const merchant = await newPage(browser, lang);
    await loginThroughUi(merchant.page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await merchant.page.waitForURL('**/dashboard');
    await merchant.page.goto(`${server.url}/activity`);
    const rows = merchant.page.getByTestId('activity-row');
    await rows
      .filter({ hasText: tx.rejectedAction })
      .filter({ hasText: `#${first}` })
      .first()
      .waitFor();
    await rows
      .filter({ hasText: tx.approvedAction })
      .filter({ hasText: `#${second}` })
      .first()
      .waitFor();
    await rows.filter({ hasText: reason }).first().waitFor();
    await screenshot(merchant.page, `counter-feed-activity-${lang}`);

    await staff.context.close();
    await merchant.context.close();
  });
});

describe('live feed across a page load', () => {
  it('shows a request made after the page read its list and before its stream opened, resumed or first since sign-in', async () => {
    const lang = LANGS[0];
    const c = await newCustomer(lang);
    const staff = await newPage(browser, lang);
    await loginThroughUi(staff.page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await staff.page.waitForURL('**/dashboard');
    await staff.page.waitForSelector('html[data-live-feed="open"]');
    const row = (id: number) => staff.page.locator(`a[href="/request/${id}"]`);

    /** Opens the Pending list with the stream's ticket held until `meanwhile` has run after the list's read. */
    const loadWith = async (open: () => Promise<unknown>, meanwhile: () => Promise<number>) => {
      const release = deferred();
      await staff.page.route(
        '**/api/merchant/events/ticket',
        async (route) => {
          await release.promise;
          await route.continue().catch(() => undefined);
        },
        { times: 1 },
      );
      const listed = staff.page.waitForResponse('**/api/merchantUser/req/list');
      await open();
      await listed;
      const id = await meanwhile();
      release.resolve();
      await staff.page.waitForSelector('html[data-live-feed="open"]');
      return id;
    };

    // a page opened later resumes from the last event this browser saw: the request is replayed
    const resumed = await loadWith(() => staff.page.goto(`${server.url}/setting?sheet=offerRequests`), c.ask);
    await row(resumed).waitFor();
    // replayed, not only reloaded: its alert too
    await staff.page.getByText(textsOf(lang).newOffer, { exact: true }).first().waitFor();

    // nothing to resume from (as right after sign-in): a change just before the stream opened makes
    // the server tell the page to read its list again
    await staff.page.evaluate(() => window.localStorage.removeItem('liveFeedLastEventId'));
    const fresh = await loadWith(() => staff.page.reload(), c.ask);
    await row(fresh).waitFor();
    const stored = await staff.page.evaluate(() => window.localStorage.getItem('liveFeedLastEventId'));
    expect(Number(stored?.split(':')[0])).toBeGreaterThan(0);
    await staff.context.close();
  });
});
