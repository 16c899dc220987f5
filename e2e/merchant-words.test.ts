/**
 * Screens that read like sentences (issue 23), in English and Arabic at 375 px, on the demo: the
 * activity log (labels, names, money, a device summary, the arrow the language reads), the invoices
 * and the points history (Arabic names, names cut at their own end, a sign on the left of its
 * digits), the settlement page, and one currency display chosen in the profile. Screenshots of each
 * land in e2e/screenshots/words-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2E,
  LANGS,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
} from './harness';
import { submitAndSeeToast } from './staff-helpers';

type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, path: string) =>
  path.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k], tree) as string;
const textsOf = (lang: Lang) => {
  const activity = readLocale<Tree>(`features/activity/locales/${lang}.json`);
  const profile = readLocale<Tree>(`features/profile/locales/${lang}.json`);
  const packages = readLocale<Tree>(`features/packages/locales/${lang}.json`);
  return {
    a: (p: string) => at(activity, p),
    profile: (p: string) => at(profile, p),
    p: (p: string) => at(packages, p),
  };
};
/** Without the direction marks and isolates amounts carry. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');

const LONG_NAME = 'Quarterly platform maintenance and premium support fee';

let e2e: E2E;
beforeAll(async () => {
  e2e = await openE2E({ demo: true });
  await e2e.server.admin('invoice', 'add', '--merchant', DEMO_MERCHANT, '--name', LONG_NAME, '--amount', '12');
});
afterAll(() => closeE2E(e2e));

async function signIn(lang: Lang): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(e2e.browser, lang);
  await loginThroughUi(page, e2e.server.url, DEMO_MERCHANT, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close() };
}

/** Whether the first character of an element's text is inside the element's box (not cut away). */
const beginningShows = (el: Locator) =>
  el.evaluate((e) => {
    const text = [...Array.from(e.querySelectorAll('*')), e]
      .flatMap((n) => Array.from(n.childNodes))
      .find((c) => c.nodeType === 3);
    if (!text) return false;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const c = range.getBoundingClientRect();
    const box = e.getBoundingClientRect();
    return c.left >= box.left - 1 && c.right <= box.right + 1;
  });

describe.each(LANGS)('screens that read like sentences (%s)', (lang) => {
  it('the activity log names, labels and formats what happened, and summarizes the device', async () => {
    const tx = textsOf(lang);
    const { page, close } = await signIn(lang);
    // an action from this browser: its row shows where it came from
    const { token } = await e2e.server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
    const ua = await page.evaluate(() => navigator.userAgent);
    const res = await fetch(`${e2e.server.url}/api/merchant/goLive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': ua, authorization: `Bearer ${token}` },
      body: JSON.stringify({ isLive: lang === 'ar' }),
    });
    expect(res.status).toBe(200);
    await page.goto(`${e2e.server.url}/activity`);
    const rows = page.getByTestId('activity-row');
    await rows.first().waitFor();
    const changes = () =>
      page
        .getByTestId('activity-change')
        .allTextContents()
        .then((t) => t.join('\n'));
    let all = plain(await changes());
    // a courier by name, not "— → 2"; statuses by their labels; money formatted
    const assigned = rows.filter({ hasText: tx.a('actions.productRequest.assign') }).first();
    const courierLine = plain(await assigned.getByTestId('activity-change').first().textContent());
    const couriers = await e2e.server.api('merchant/user/list', { rule: 'delivery' }, token);
    const courierNames: string[] = couriers.rows.map((c: { name: string }) => c.name);
    expect(courierLine.startsWith(`${tx.a('fields.employeeId')}: ${tx.a('values.nobody')}`)).toBe(true);
    expect(courierNames.some((name) => courierLine.endsWith(name))).toBe(true);
    expect(courierLine).not.toMatch(/\s\d+$/);
    // a stored English name in Arabic where an Arabic one exists: the package bought
    const bought = rows.filter({ hasText: tx.a('actions.package.purchase') }).first();
    expect(await bought.textContent()).toContain(lang === 'ar' ? 'باقة الأعمال' : 'Business');
    // no user agent, a summary
    const device = page.getByTestId('activity-device').first();
    expect(await device.textContent()).toBe(
      `${tx.a('device')}: ${tx.a('deviceOn').replace('{{browser}}', 'Chrome').replace('{{system}}', 'Linux')}`,
    );
    expect(await page.locator('main').textContent()).not.toContain('Mozilla');
    // and the page before it: the demo's approvals are older than its orders' steps
    const next = page.getByRole('button', { name: tx.a('page.next') });
    if ((await next.count()) > 0 && (await next.isEnabled())) {
      const first = await rows.first().textContent();
      await next.click();
      await expect.poll(() => rows.first().textContent()).not.toBe(first);
      all = `${all}\n${plain(await changes())}`;
    }
    expect(all).toContain(tx.a('status.offerRequest.done'));
    expect(all).not.toMatch(/\b(refund\.done|inProgress|pending)\b/);
    expect(all).toContain(lang === 'ar' ? '35 $' : '$35');
    // the arrow points the way the language reads
    expect(all).toContain(lang === 'ar' ? '←' : '→');
    expect(all).not.toContain(lang === 'ar' ? '→' : '←');
    await screenshot(page, `words-activity-${lang}`);
    await close();
  });

  it('invoices and the points history: Arabic names, names cut at their own end, signs on the left', async () => {
    const { page, close } = await signIn(lang);
    await page.goto(`${e2e.server.url}/setting?sheet=invoices`);
    const rows = page.getByTestId('invoice-row');
    await rows.first().waitFor();
    const names = await rows.locator('.mantine-Text-root[dir="auto"]').allTextContents();
    expect(names).toContain(lang === 'ar' ? 'رسوم المنصة، الربع الأول' : 'Platform fee, first quarter');
    expect(names).toContain(lang === 'ar' ? 'باقة الأعمال' : 'Business');
    // a long English name (no Arabic one): its beginning shows, the cut is at its end
    const long = rows.filter({ hasText: LONG_NAME }).locator('.mantine-Text-root[dir="auto"]').first();
    expect(await long.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await beginningShows(long)).toBe(true);
    await screenshot(page, `words-invoices-${lang}`);
    await rows.filter({ hasText: lang === 'ar' ? 'رسوم المنصة' : 'Platform fee' }).click();
    await page.waitForURL('**/invoices/*');
    await page.getByTestId('invoice').waitFor();
    await screenshot(page, `words-invoice-${lang}`);

    // the package bought: what was paid against what was received
    const { token } = await e2e.server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
    const purchase = (await e2e.server.api('merchant/package/req/list', {}, token)).rows[0];
    await page.goto(`${e2e.server.url}/invoice/${purchase.id}`);
    expect(plain(await page.getByTestId('paid').textContent())).toContain(lang === 'ar' ? '35 $' : '$35');
    expect(plain(await page.getByTestId('received').textContent())).toContain('2,000 P');
    await screenshot(page, `words-purchase-${lang}`);

    await page.goto(`${e2e.server.url}/transactiondetails`);
    const history = page.getByTestId('history-row');
    await history.first().waitFor();
    expect(await history.filter({ hasText: lang === 'ar' ? 'باقة الأعمال' : 'Business' }).count()).toBe(1);
    // a refund: −20 P, the minus on the left of its digits in both languages
    const out = page.getByTestId('history-delta').filter({ hasText: '20' }).filter({ hasText: '\u2212' }).first();
    const [minus, digit] = await out.evaluate((e) => {
      const text = e.textContent ?? '';
      const node = [...Array.from(e.querySelectorAll('*')), e]
        .flatMap((n) => Array.from(n.childNodes))
        .find((c) => c.nodeType === 3);
      const rect = (i: number) => {
        const r = document.createRange();
        r.setStart(node as Node, i);
        r.setEnd(node as Node, i + 1);
        return r.getBoundingClientRect().left;
      };
      return [rect(text.indexOf('\u2212')), rect(text.indexOf('2'))];
    });
    expect(minus).toBeLessThan(digit);
    await screenshot(page, `words-history-${lang}`);
    await close();
  });

  it('the settlement page', async () => {
    const { page, close } = await signIn(lang);
    const { token } = await e2e.server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
    const [settlement] = await e2e.server.api('merchant/settlement/initial/list', {}, token);
    await page.goto(`${e2e.server.url}/settlement/${settlement.id}`);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await screenshot(page, `words-settlement-${lang}`);
    await close();
  });

  it('money in the one currency the merchant chose: Qatar Riyal everywhere, then back to dollars', async () => {
    const tx = textsOf(lang);
    const { page, close } = await signIn(lang);
    const cash = page.getByTestId('cash-value');
    await cash.waitFor();
    // dollars (SPEC): the riyal cash value, then its dollar value
    expect(plain(await cash.textContent())).toMatch(
      lang === 'ar' ? /ريال قطري · [\d.,]+ \$/ : /Qatar Riyal · \$[\d.,]+/,
    );
    const choose = async (label: string) => {
      await page.goto(`${e2e.server.url}/profile`);
      await page.getByRole('button', { name: tx.profile('editShort') }).click();
      await page.getByRole('dialog').getByText(label, { exact: true }).click();
      await submitAndSeeToast(
        page,
        page.getByRole('dialog').getByRole('button', { name: lang === 'ar' ? 'حفظ' : 'Save' }),
        messages.updated[lang],
      );
    };
    await choose(tx.profile('currency.QAR'));
    await page.goto(`${e2e.server.url}/dashboard`);
    await cash.waitFor();
    expect(plain(await cash.textContent())).not.toContain('$');
    await page.goto(`${e2e.server.url}/setting?sheet=packages`);
    const pkg = page.getByTestId('package-row').first();
    await pkg.waitFor();
    expect(await pkg.textContent()).toContain(lang === 'ar' ? 'ريال قطري' : 'Qatar Riyal');
    expect(await pkg.textContent()).not.toContain('$');
    await screenshot(page, `words-packages-riyal-${lang}`);
    const { token } = await e2e.server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
    const purchase = (await e2e.server.api('merchant/package/req/list', {}, token)).rows[0];
    await page.goto(`${e2e.server.url}/invoice/${purchase.id}`);
    const paid = plain(await page.getByTestId('paid').textContent());
    expect(paid).toContain(lang === 'ar' ? '127.40 ريال قطري' : '127.40 Qatar Riyal');
    expect(paid).toContain(tx.p('chargedAs'));
    await screenshot(page, `words-purchase-riyal-${lang}`);
    await choose(tx.profile('currency.USD'));
    await close();
  });
});
