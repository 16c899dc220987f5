/**
 * CSV download in the browser, in English and Arabic (docs/domain.md, "Exports"): the demo merchant
 * exports the points history and staff the offer requests of their branch; the saved files start
 * with the BOM, carry the headers in the app's language and the rows the API lists.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  LANGS,
  loginThroughUi,
  newPage,
  openE2E,
} from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
});
afterAll(() => closeE2E({ server, browser }));

async function downloadFrom(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  const file = await download.path();
  return fs.readFileSync(file);
}

describe.each(LANGS)('CSV export (%s)', (lang) => {
  it('downloads the points history and the branch requests and reads them back', async () => {
    const { page, context } = await newPage(browser, lang, { desktop: true });
    await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/transactiondetails`);
    const bytes = await downloadFrom(page);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      lang === 'ar'
        ? 'القيد,التاريخ,النقاط,الرصيد بعدها,السبب,المرجع'
        : 'Entry,Date,Points,Balance after,Reason,Reference',
    );
    const { token } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
    const history = await server.api('merchant/points/history', { limit: 100 }, token);
    expect(lines.length - 1).toBe(history.count);
    await context.close();

    const staff = await newPage(browser, lang);
    await loginThroughUi(staff.page, server.url, DEMO_STAFF.merchantUser, DEMO_PASSWORD);
    await staff.page.waitForURL('**/dashboard');
    await staff.page.goto(`${server.url}/search`);
    const requests = (await downloadFrom(staff.page)).toString('utf8').slice(1).trim().split('\r\n');
    expect(requests[0].split(',')[0]).toBe(lang === 'ar' ? 'الطلب' : 'Request');
    // the branch by its Arabic name in the Arabic file (issue 23, point 10)
    for (const row of requests.slice(1)) expect(row).toContain(lang === 'ar' ? 'الخليج الغربي' : 'West Bay');
    await staff.context.close();
  });
});
