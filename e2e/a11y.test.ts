/**
 * Accessibility (issue "proof suites"): axe-core on every route of the web router (read from
 * apps/web/src/app/routes.tsx, so a new screen joins by being routed), in English and Arabic, at
 * 375 px and on a desktop: no serious or critical violation. `npm test` checks every route once
 * (language and width alternate); `npm run test:proof` checks every route in all four. Keyboard
 * only: the login form and the add-branch form are reached with Tab and submitted with Enter.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeE2E,
  DEMO_MERCHANT,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type E2EServer,
  type Lang,
  loginThroughUi,
  newPage,
  openE2E,
} from './harness';

const FULL = process.env.PROOF_FULL === '1';

interface Route {
  path: string;
  who: 'public' | 'merchant' | 'courier';
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
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ server, browser } = await openE2E({ demo: true }));
  ({ token: merchantToken } = await server.api('merchant/login', { username: DEMO_MERCHANT, password: DEMO_PASSWORD }));
  ({ token: courierToken } = await server.api('merchant/login', {
    username: DEMO_STAFF.delivery,
    password: DEMO_PASSWORD,
  }));
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
  };
  for (const [route, [call, token]] of Object.entries(sources)) {
    try {
      const id = firstId(await server.api(call, {}, token));
      if (id !== undefined) ids[route] = id;
    } catch {
      // a list the demo leaves empty: the screen is checked in its not-found state
    }
  }
});
afterAll(() => closeE2E({ server, browser }));

const urlOf = (r: Route) => `${server.url}/${r.path.replace(':id', String(ids[r.path] ?? 999999))}`;

async function signedInPage(lang: Lang, desktop: boolean, who: Route['who']): Promise<Page> {
  const { page } = await newPage(browser, lang, { desktop });
  if (who !== 'public') {
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

const routes = routesOfRouter();
const combos: [Lang, boolean][] = [
  ['en', false],
  ['ar', false],
  ['en', true],
  ['ar', true],
];

describe('accessibility of every route', () => {
  it('reads the routes of the router', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['login', 'dashboard', 'add-branch']));
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

/** Presses Tab until the focused element matches; fails after 80 presses. */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('keyboard only', () => {
  it('signs in, then adds a branch, with Tab, typing and Enter', async () => {
    const { page } = await newPage(browser, 'en');
    await page.goto(`${server.url}/login`);
    await tabTo(page, 'input[type=tel]');
    await page.keyboard.type(DEMO_MERCHANT.slice(3));
    await tabTo(page, 'input[type=password]');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');

    await page.goto(`${server.url}/add-branch`);
    const name = `Keyboard branch ${Date.now() % 100000}`;
    for (const [field, value] of [
      ['branchName', name],
      ['phone', '44123456'],
      ['address', 'Keyboard street, Doha'],
      ['addressAr', 'شارع لوحة المفاتيح، الدوحة'],
    ]) {
      await tabTo(page, `[name="${field}"]`);
      await page.keyboard.type(value);
    }
    await tabTo(page, 'button[type=submit]');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const list = await server.api('merchant/branch/list', { limit: 100 }, merchantToken);
        return (list.rows as { branchName: string }[]).some((b) => b.branchName === name);
      })
      .toBe(true);
    await page.context().close();
  });
});
