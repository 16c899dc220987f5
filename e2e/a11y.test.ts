/**
 * Accessibility (issue "proof suites"): axe-core on every route of the web router (read from
 * apps/web/src/app/routes.tsx, so a new screen joins by being routed), in English and Arabic, at
 * 375 px and on a desktop: no serious or critical violation. Keyboard only (e2e/keyboard.ts): every
 * form of every route, and every form behind an opener (`aria-haspopup="dialog"`, `data-opens-form`),
 * is walked with Tab, filled by typing and submitted with Enter; Escape closes each dialog and gives
 * the focus back to its opener. A branch, a walk-in customer and a ticket are added for real. The
 * operator's console (its own routes, e2e/operator-helpers.ts) is checked signed in as an admin operator.
 * `A11Y_ROUTES=<regex>` checks only the routes whose path matches (`^operator` for the console).
 * `npm test` checks every route once (axe: language and width alternate; keyboard: English at
 * 375 px); `npm run test:proof` checks every route in all four.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  type Lang,
  localMobile,
  loginThroughUi,
  newPage,
  openE2E,
} from './harness';
import {
  checkScreen,
  type FormCheck,
  installKeyboardHelpers,
  interceptWrites,
  settle,
  tabTo,
  trackNetwork,
} from './keyboard';
import {
  type ConsoleSession,
  consoleRoutes,
  consoleSession,
  operatorApi,
  withConsoleSession,
} from './operator-helpers';

const FULL = process.env.PROOF_FULL === '1';

interface Route {
  path: string;
  who: 'public' | 'merchant' | 'courier' | 'operator';
}

/** Every path of the router: public screens, signed-in screens (couriers' ones signed in as a courier). */
function routesOfRouter(): Route[] {
  const text = fs.readFileSync(path.join(__dirname, '../apps/web/src/app/routes.tsx'), 'utf8');
  const appStart = text.indexOf('const appScreens');
  const out: Route[] = [];
  const parts = text.split('screen(').slice(1);
  let offset = text.indexOf('screen(') + 'screen('.length;
  for (const part of parts) {
    const m = /^\s*'([^']+)'/.exec(part);
    const at = offset;
    offset += part.length + 'screen('.length;
    if (!m || m[1] === '*' || part.startsWith('path')) continue;
    const signedIn = at > appStart || m[1] === 'profile/activateaccount';
    out.push({ path: m[1], who: !signedIn ? 'public' : /\bcouriers\b/.test(part) ? 'courier' : 'merchant' });
  }
  out.push({ path: 'no-such-screen', who: 'public' });
  // the operator's console: its sign-in is public, its screens need an operator's session
  out.push({ path: 'operator/login', who: 'public' });
  for (const p of consoleRoutes()) out.push({ path: p, who: 'operator' });
  return out;
}

/** The first `id` anywhere in an answer. */
function firstId(data: unknown): number | undefined {
  if (Array.isArray(data)) {
    for (const x of data) {
      const found = firstId(x);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    for (const v of Object.values(o))
      if (Array.isArray(v)) {
        const found = firstId(v);
        if (found !== undefined) return found;
      }
    if (typeof o.id === 'number') return o.id;
    for (const v of Object.values(o))
      if (v && typeof v === 'object') {
        const found = firstId(v);
        if (found !== undefined) return found;
      }
  }
  return undefined;
}

let server: E2EServer;
let browser: Browser;
let merchantToken: string;
let courierToken: string;
let operator: ConsoleSession;
const ids: Record<string, number> = {};
/** A detail route's ids, one per status of its list (a pending request, a refund waiting, …). */
const idsByStatus: Record<string, number[]> = {};

/** The first id of each status in a list's rows; the first id alone for a list without statuses. */
function statusIds(data: unknown, first: number | undefined): number[] {
  const rows = (data as { rows?: { id?: unknown; status?: unknown }[] } | null)?.rows;
  const byStatus = new Map<unknown, number>();
  for (const r of Array.isArray(rows) ? rows : [])
    if (typeof r.id === 'number' && !byStatus.has(r.status)) byStatus.set(r.status, r.id);
  const out = [...byStatus.values()];
  return out.length ? out : first === undefined ? [] : [first];
}

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
  ({ token: courierToken } = await server.api('merchant/login', {
    username: DEMO_STAFF.delivery,
    password: DEMO_PASSWORD,
  }));
  // a ticket, so that /ticket/:id shows one (the demo has none)
  await server.api(
    'merchant/ticket/create',
    { portalType: 'user', ticketType: 'general', ticketBody: 'A question about the accessibility suite' },
    merchantToken,
  );
  const sources: Record<string, [string, string]> = {
    'offer/:id': ['merchant/offer/list', merchantToken],
    ':id/update-offer': ['merchant/offer/list', merchantToken],
    'product/:id': ['merchant/product/list', merchantToken],
    'branch/:id': ['merchant/branch/list', merchantToken],
    ':id/update-branch': ['merchant/branch/list', merchantToken],
    'deliveryemployeelist/:id': ['merchant/branch/list', merchantToken],
    'employee/:id': ['merchant/user/list', merchantToken],
    'redeem/:id': ['merchant/req/redeem/list', merchantToken],
    'request/:id': ['merchant/req/list', merchantToken],
    'productrequest/:id': ['merchant/product/req/list', merchantToken],
    'deliveryProduct/:id': ['merchantUser/product/req/list', courierToken],
    'invoices/:id': ['merchant/package/req/list', merchantToken],
    'invoice/:id': ['merchant/invoice/list', merchantToken],
    'package/:id': ['merchant/package/list', merchantToken],
    'settlement/:id': ['merchant/settlement/initial/list', merchantToken],
    'ticket/:id': ['merchant/ticket/list', merchantToken],
  };
  operator = await consoleSession(server);
  for (const [route, call] of [
    ['operator/merchants/:id', 'admin/merchant/list'],
    ['operator/tickets/:id', 'admin/ticket/list'],
    ['operator/customers/:id', 'admin/customer/list'],
  ]) {
    const data = await operatorApi(server, operator.token, call);
    const id = firstId(data);
    if (id !== undefined) ids[route] = id;
    idsByStatus[route] = statusIds(data, id);
  }
  for (const [route, [call, token]] of Object.entries(sources)) {
    try {
      const data = await server.api(call, {}, token);
      const id = firstId(data);
      if (id !== undefined) ids[route] = id;
      idsByStatus[route] = statusIds(data, id);
    } catch {
      // a list the demo leaves empty: the screen is checked in its not-found state
    }
  }
});
afterAll(() => closeE2E({ server, browser }));

const urlOf = (r: Route) => `${server.url}/${r.path.replace(':id', String(ids[r.path] ?? 999999))}`;

async function signedInPage(lang: Lang, desktop: boolean, who: Route['who']): Promise<Page> {
  const { page, context } = await newPage(browser, lang, { desktop });
  if (who === 'operator') await withConsoleSession(context, operator);
  else if (who !== 'public') {
    await loginThroughUi(page, server.url, who === 'courier' ? DEMO_STAFF.delivery : DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
  }
  return page;
}

/** Serious and critical axe violations of the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  // loaded: no spinner or skeleton left (a screen whose data failed shows its error state instead)
  await page
    .waitForFunction(
      () => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]'),
      null,
      {
        timeout: 8_000,
      },
    )
    .catch(() => {});
  await page.waitForTimeout(150);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

const allRoutes = routesOfRouter();
const only = process.env.A11Y_ROUTES ? new RegExp(process.env.A11Y_ROUTES) : null;
const routes = allRoutes.filter((r) => !only || only.test(r.path));
const combos: [Lang, boolean][] = [
  ['en', false],
  ['ar', false],
  ['en', true],
  ['ar', true],
];

describe('accessibility of every route', () => {
  it('reads the routes of the router', () => {
    expect(allRoutes.length).toBeGreaterThan(30);
    expect(allRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        'login',
        'dashboard',
        'add-branch',
        'operator/login',
        'operator',
        'operator/merchants/:id',
      ]),
    );
  });

  for (const [ci, [lang, desktop]] of combos.entries()) {
    const mine = routes.filter((_, i) => FULL || i % combos.length === ci);
    it(`${lang} at ${desktop ? 'desktop' : '375 px'}: no serious or critical violation on ${mine.length} routes`, async () => {
      const found: string[] = [];
      const pages: Partial<Record<Route['who'], Page>> = {};
      for (const r of mine) {
        pages[r.who] ??= await signedInPage(lang, desktop, r.who);
        const page = pages[r.who] as Page;
        await page.goto(urlOf(r));
        for (const v of await violations(page)) found.push(`/${r.path}: ${v}`);
      }
      for (const p of Object.values(pages)) await p?.context().close();
      console.log(`a11y ${lang} ${desktop ? 'desktop' : '375px'}: ${mine.length} routes, ${found.length} violations`);
      expect(found).toEqual([]);
    }, 600_000);
  }
});

/** Query strings a screen needs to show its form (the verification code is for a number). */
const QUERY: Record<string, string> = { verification: `?mobile=${DEMO_MERCHANT}` };

/** The addresses the keyboard check visits for a route: a detail route once per status of its list. */
const keyboardUrls = (r: Route): string[] =>
  (r.path.includes(':id') ? (idsByStatus[r.path] ?? [999999]) : [0]).map(
    (id) => `/${r.path.replace(':id', String(id))}${QUERY[r.path] ?? ''}`,
  );

/** A page for the keyboard check: its helpers installed, signed in as `who`. */
async function keyboardPage(lang: Lang, desktop: boolean, who: Route['who']): Promise<Page> {
  const { page, context } = await newPage(browser, lang, { desktop });
  await context.addInitScript(installKeyboardHelpers);
  trackNetwork(page);
  if (who === 'operator') await withConsoleSession(context, operator);
  else if (who !== 'public') {
    await loginThroughUi(page, server.url, who === 'courier' ? DEMO_STAFF.delivery : DEMO_MERCHANT, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
  }
  return page;
}

/** Moves the app to `path` as a link would (no reload): the router follows the history. */
async function spaGo(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

describe('keyboard only', () => {
  it('signs in, adds a branch, a walk-in customer and a ticket with Tab, typing, Enter and Space', async () => {
    const { page, context } = await newPage(browser, 'en');
    await context.addInitScript(installKeyboardHelpers);
    trackNetwork(page);
    const reach = async (selector: string) => {
      // the field is there first (a sheet's form can still be loading on a busy machine), then Tab must reach it
      await page.locator(selector).first().waitFor({ state: 'visible' });
      expect(await tabTo(page, selector), `Tab reaches ${selector}`).toBe(true);
    };
    await page.goto(`${server.url}/login`);
    await settle(page);
    await reach('input[type=tel]');
    await page.keyboard.type(DEMO_MERCHANT.slice(3));
    await reach('input[type=password]');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter'); // implicit submission from a field
    await page.waitForURL('**/dashboard');

    // a branch on /add-branch: Enter on the submit button, the new branch's page opens
    await page.goto(`${server.url}/add-branch`);
    await settle(page);
    const name = `Keyboard branch ${Date.now() % 100000}`;
    for (const [field, value] of [
      ['branchName', name],
      ['phone', '44123456'],
      ['address', 'Keyboard street, Doha'],
      ['addressAr', 'شارع لوحة المفاتيح، الدوحة'],
    ]) {
      await reach(`[name="${field}"]`);
      await page.keyboard.type(value);
    }
    await reach('form button[type=submit]');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/branch/*');
    await page.getByRole('heading', { name }).first().waitFor();

    // a walk-in customer from the menu's Add user sheet: Space on the submit button
    await page.goto(`${server.url}/setting`);
    await settle(page);
    await reach('[data-entry="addUser"]');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await reach('[role=dialog] [name="name"]');
    await page.keyboard.type('Keyboard Customer');
    await reach('[role=dialog] input[type=tel]');
    await page.keyboard.type(localMobile());
    await reach('[role=dialog] button[type=submit]');
    await page.keyboard.press('Space');
    await page.getByText(messages.addedSuccessfully.en).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-entry'))).toBe('addUser');

    // a ticket from the Tickets sheet: Create ticket opens the form in place, the new ticket is listed
    await reach('[data-entry="tickets"]');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await reach('[role=dialog] [data-opens-form]');
    await page.keyboard.press('Enter');
    const body = `Typed with the keyboard alone ${Date.now() % 100000}`;
    await reach('[role=dialog] [name="ticketBody"]');
    await page.keyboard.type(body);
    await reach('[role=dialog] button[type=submit]');
    await page.keyboard.press('Enter');
    await page.getByText(messages.ticketCreated.en).waitFor();
    await page.getByRole('dialog').getByText(body).waitFor();
    await context.close();
  });

  const keyboardCombos = FULL ? combos : combos.slice(0, 1);
  for (const [lang, desktop] of keyboardCombos)
    it(`${lang} at ${desktop ? 'desktop' : '375 px'}: every form reached with Tab and sent with Enter, every dialog closed with Escape`, async () => {
      const forms: FormCheck[] = [];
      const problems: string[] = [];
      let openers = 0;
      let visits = 0;
      for (const who of ['public', 'merchant', 'courier', 'operator'] as const) {
        const page = await keyboardPage(lang, desktop, who);
        const writes = await interceptWrites(page);
        const seen = new Set<string>();
        let loaded = false;
        for (const r of routes.filter((x) => x.who === who))
          for (const url of keyboardUrls(r)) {
            const go = async () => {
              if (loaded) await spaGo(page, url);
              else await page.goto(`${server.url}${url}`);
              loaded = true;
              await settle(page);
            };
            await go();
            visits++;
            const before = new Set(seen);
            let found = await checkScreen(page, writes, go, url, r.path, seen);
            const found1 = [...found.problems, ...found.forms.flatMap((f) => f.problems)];
            if (found1.length) {
              // a 2-core CI machine can miss a focus or a dialog by a moment: a screen with problems is
              // walked again once from a fresh load, and only what it shows again fails the check
              // (what showed once is printed, so a flake still leaves its trace)
              console.log(`keyboard ${url}: walked again after ${found1.join('; ')}`);
              seen.clear();
              for (const s of before) seen.add(s);
              await page.goto(`${server.url}${url}`);
              await settle(page);
              found = await checkScreen(page, writes, go, url, r.path, seen);
            }
            forms.push(...found.forms);
            problems.push(...found.problems);
            openers += found.openers;
          }
        await page.context().close();
      }
      for (const f of forms) for (const p of f.problems) problems.push(`${f.where} (${f.signature}): ${p}`);
      const distinct = new Set(forms.map((f) => f.signature));
      console.log(
        `keyboard ${lang} ${desktop ? 'desktop' : '375px'}: ${visits} screens, ${openers} openers followed, ` +
          `${forms.length} forms checked (${distinct.size} distinct), ${problems.length} problems\n` +
          forms.map((f) => `  ${f.where}: ${f.signature} — ${f.controls} controls, ${f.submitted}`).join('\n'),
      );
      expect(problems, problems.join('\n')).toEqual([]);
    }, 900_000);
});
