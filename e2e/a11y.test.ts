/**
 * Accessibility (issue "proof suites"): axe-core on every route of the web router (e2e/a11y-setup.ts),
 * in English and Arabic, at 375 px and on a desktop: no serious or critical violation. The operator's
 * console (its own routes, e2e/operator-helpers.ts) is checked signed in as an admin operator.
 * `npm test` checks every route once (language and width alternate); `npm run test:proof` checks every
 * route in all four. The keyboard-only walk of every form is e2e/a11y-keyboard.test.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allRoutes, combos, FULL, type Route, routes, signedInPage, urlOf, withDemoWorld } from './a11y-setup';

withDemoWorld();

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
