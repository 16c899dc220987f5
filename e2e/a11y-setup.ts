/**
 * What the accessibility suites share (e2e/a11y.test.ts: axe on every route; e2e/a11y-keyboard.test.ts:
 * every form with the keyboard alone): the routes of the web router (read from
 * apps/web/src/app/routes.tsx, so a new screen joins by being routed), and a demo server whose detail
 * routes have ids to show. Two files, so that the browser tests can run them at once (docs/decisions/0024).
 * `A11Y_ROUTES=<regex>` checks only the routes whose path matches (`^operator` for the console).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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
import {
  type ConsoleSession,
  consoleRoutes,
  consoleSession,
  operatorApi,
  withConsoleSession,
} from './operator-helpers';

export const FULL = process.env.PROOF_FULL === '1';

export interface Route {
  path: string;
  who: 'public' | 'merchant' | 'courier' | 'operator';
}

/** Every path of the router: public screens, signed-in screens (couriers' ones signed in as a courier). */
export function routesOfRouter(): Route[] {
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

/** The demo server, the browser and the ids the suite's detail routes show, filled before its tests run. */
export interface World {
  server: E2EServer;
  browser: Browser;
  operator: ConsoleSession;
  ids: Record<string, number>;
  /** A detail route's ids, one per status of its list (a pending request, a refund waiting, …). */
  idsByStatus: Record<string, number[]>;
}
export const world = { ids: {}, idsByStatus: {} } as World;

/** The first id of each status in a list's rows; the first id alone for a list without statuses. */
function statusIds(data: unknown, first: number | undefined): number[] {
  const rows = (data as { rows?: { id?: unknown; status?: unknown }[] } | null)?.rows;
  const byStatus = new Map<unknown, number>();
  for (const r of Array.isArray(rows) ? rows : [])
    if (typeof r.id === 'number' && !byStatus.has(r.status)) byStatus.set(r.status, r.id);
  const out = [...byStatus.values()];
  return out.length ? out : first === undefined ? [] : [first];
}

/** Starts the demo server and the browser before the file's tests, and closes them after. */
export function withDemoWorld(): void {
  beforeAll(async () => {
    const { server, browser } = await openE2E({ demo: true });
    Object.assign(world, { server, browser });
    const { token: merchantToken } = await server.api('merchant/login', {
      username: DEMO_MERCHANT,
      password: DEMO_PASSWORD,
    });
    const { token: courierToken } = await server.api('merchant/login', {
      username: DEMO_STAFF.delivery,
      password: DEMO_PASSWORD,
    });
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
    const operator = await consoleSession(server);
    world.operator = operator;
    for (const [route, call] of [
      ['operator/merchants/:id', 'admin/merchant/list'],
      ['operator/tickets/:id', 'admin/ticket/list'],
      ['operator/customers/:id', 'admin/customer/list'],
    ]) {
      const data = await operatorApi(server, operator.token, call);
      const id = firstId(data);
      if (id !== undefined) world.ids[route] = id;
      world.idsByStatus[route] = statusIds(data, id);
    }
    for (const [route, [call, token]] of Object.entries(sources)) {
      try {
        const data = await server.api(call, {}, token);
        const id = firstId(data);
        if (id !== undefined) world.ids[route] = id;
        world.idsByStatus[route] = statusIds(data, id);
      } catch {
        // a list the demo leaves empty: the screen is checked in its not-found state
      }
    }
  });
  afterAll(() => closeE2E({ server: world.server, browser: world.browser }));
}

export const urlOf = (r: Route) => `${world.server.url}/${r.path.replace(':id', String(world.ids[r.path] ?? 999999))}`;

/** A page in `lang`, signed in as `who`; `prepare` runs on it before it loads anything. */
export async function signedInPage(
  lang: Lang,
  desktop: boolean,
  who: Route['who'],
  prepare?: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<Page> {
  const { page, context } = await newPage(world.browser, lang, { desktop });
  await prepare?.(page, context);
  if (who === 'operator') await withConsoleSession(context, world.operator);
  else if (who !== 'public') {
    await loginThroughUi(
      page,
      world.server.url,
      who === 'courier' ? DEMO_STAFF.delivery : DEMO_MERCHANT,
      DEMO_PASSWORD,
    );
    await page.waitForURL('**/dashboard');
  }
  return page;
}

export const allRoutes = routesOfRouter();
const only = process.env.A11Y_ROUTES ? new RegExp(process.env.A11Y_ROUTES) : null;
/** The routes checked (A11Y_ROUTES narrows them). */
export const routes = allRoutes.filter((r) => !only || only.test(r.path));
/** Language and width, each route checked in one of them (`npm run test:proof`: in all four). */
export const combos: [Lang, boolean][] = [
  ['en', false],
  ['ar', false],
  ['en', true],
  ['ar', true],
];
