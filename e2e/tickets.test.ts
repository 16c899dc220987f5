/**
 * Support tickets in the browser, in English and Arabic: the merchant creates a ticket about one of
 * its products (the picker appears for that type and is required), replies, the operator answers
 * from the command line (`npm run admin -- ticket reply`), the merchant closes the ticket and the
 * reply box and deletions disappear behind the "Closed Ticket" label.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  type E2EServer,
  LANGS,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
  readLocale,
  screenshot,
} from './harness';
import { field, pick, submitAndSeeToast } from './staff-helpers';

type Tree = { [key: string]: string | Tree };
const textsOf = (lang: Lang) => {
  const tk = readLocale<Tree>(`features/tickets/locales/${lang}.json`);
  return {
    t: (p: string) => p.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k], tk) as string,
    msg: (key: keyof typeof messages) => messages[key][lang],
  };
};

let server: E2EServer;
let browser: Browser;
let product: { id: number; name: string; nameAr: string | null };

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  const { token } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD });
  product = (await server.api('merchant/product/list', {}, token)).rows[0];
});
afterAll(() => closeE2E({ server, browser }));

async function signIn(lang: Lang): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, lang);
  await loginThroughUi(page, server.url, DEMO_MERCHANT, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close() };
}

describe.each(LANGS)('support tickets (%s)', (lang) => {
  it('create, reply, the operator answers from the command line, close: replies hidden', async () => {
    const tx = textsOf(lang);
    const { page, close } = await signIn(lang);
    await page.goto(`${server.url}/setting?sheet=tickets`);
    await page.getByRole('button', { name: tx.t('create') }).click();
    const form = page.getByTestId('create-ticket-form');
    await form.waitFor();
    // a product ticket needs the product: the picker appears and is required
    await pick(page, form, tx.t('type'), tx.t('types.product'));
    const body = lang === 'ar' ? `المنتج لا يظهر ${Date.now()}` : `The product does not show ${Date.now()}`;
    await field(form, tx.t('message')).fill(body);
    await form.getByRole('button', { name: tx.t('submit') }).click();
    await form.getByText(tx.msg('chooseProduct'), { exact: true }).waitFor();
    const productName = lang === 'ar' && product.nameAr ? product.nameAr : product.name;
    await pick(page, form, tx.t('product'), productName);
    await screenshot(page, `tickets-create-${lang}`);
    await submitAndSeeToast(page, form.getByRole('button', { name: tx.t('submit') }), tx.msg('ticketCreated'));

    // the new ticket is first in the list, open; it opens /ticket/{id}
    const row = page.getByTestId('ticket-row').filter({ hasText: body });
    await row.waitFor();
    expect(await row.getByTestId('ticket-status').textContent()).toBe(tx.t('open'));
    await screenshot(page, `tickets-list-${lang}`);
    await row.click();
    await page.waitForURL('**/ticket/*');
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.getByTestId('ticket-information').textContent()).toContain(body);
    expect(await page.getByTestId('ticket-information').textContent()).toContain(productName);

    // the ticket's own text opens its thread (issue 23)
    await page.getByRole('tab', { name: tx.t('messages') }).click();
    const thread = page.getByTestId('ticket-message');
    await thread.first().waitFor();
    expect(await thread.first().getAttribute('data-from')).toBe('me');
    expect(await thread.first().textContent()).toContain(body);

    // the merchant replies
    const reply = lang === 'ar' ? 'هل من جديد؟' : 'Any news?';
    await field(page.getByTestId('reply-form'), tx.t('yourReply')).fill(reply);
    await submitAndSeeToast(
      page,
      page.getByTestId('reply-form').getByRole('button', { name: tx.t('reply') }),
      tx.msg('repliedSuccessfully'),
    );
    await page.locator('[data-testid="ticket-message"][data-from="me"]').filter({ hasText: reply }).waitFor();

    // the operator answers from the command line
    const answer = lang === 'ar' ? 'نعمل على ذلك' : 'We are on it';
    expect(await server.admin('ticket', 'reply', String(id), answer)).toContain(`Replied on ticket ${id}`);
    await page.reload();
    await page.getByRole('tab', { name: tx.t('messages') }).click();
    const support = page.locator('[data-testid="ticket-message"][data-from="support"]');
    await support.filter({ hasText: answer }).waitFor();
    expect(await support.first().textContent()).toContain(tx.t('fromSupport'));
    // by the name of the operator the command line acts as (issue 23, point 5)
    expect(await support.first().textContent()).toContain(lang === 'ar' ? 'دعم المنصة' : 'Platform support');
    // only the merchant's own message has a delete button
    expect(await support.getByRole('button', { name: tx.t('deleteMessage') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: tx.t('deleteMessage') }).count()).toBe(1);
    await screenshot(page, `tickets-messages-${lang}`);

    // close: the Closed Ticket label, no reply box, no delete
    await submitAndSeeToast(page, page.getByRole('button', { name: tx.t('close') }), tx.msg('closedSuccessfully'));
    await page.getByTestId('closed-label').waitFor();
    expect(await page.getByTestId('closed-label').textContent()).toBe(tx.t('closedTicket'));
    expect(await page.getByTestId('reply-form').count()).toBe(0);
    expect(await page.getByRole('button', { name: tx.t('deleteMessage') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: tx.t('close') }).count()).toBe(0);
    await screenshot(page, `tickets-closed-${lang}`);

    // the list shows it closed
    await page.goto(`${server.url}/setting?sheet=tickets`);
    const closedRow = page.getByTestId('ticket-row').filter({ hasText: body });
    await closedRow.waitFor();
    expect(await closedRow.getByTestId('ticket-status').textContent()).toBe(tx.t('closedTicket'));
    await close();
  }, 120_000);
});
