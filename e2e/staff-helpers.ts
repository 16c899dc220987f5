/** Texts and form steps shared by the staff browser tests, read from the app's own locale files. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { messages } from '../packages/contract/src/messages';
import type { Lang } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src', rel), 'utf8'));

/** Every text a test looks for, in one language. */
export const textsOf = (lang: Lang) => {
  const app = read(`locales/${lang}.json`);
  return {
    employees: read(`features/employees/locales/${lang}.json`) as Record<string, string>,
    users: read(`features/users/locales/${lang}.json`) as Record<string, string>,
    roles: app.roles as Record<string, string>,
    common: app.common as Record<string, string>,
    phone: app.phone as Record<string, string>,
    msg: (key: keyof typeof messages) => messages[key][lang],
  };
};
export type Texts = ReturnType<typeof textsOf>;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input labelled exactly `label` (a required field's label ends with its " *"). */
export const field = (scope: Locator, label: string): Locator =>
  scope.getByLabel(new RegExp(`^${escapeRe(label)}( \\*)?$`));

/** Opens a Mantine select by its label and picks an option. */
export async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Clicks `submit` and waits for a toast with `text` (toasts close after 1 s, so the wait starts first). */
export async function submitAndSeeToast(page: Page, submit: Locator, text: string): Promise<void> {
  const toast = page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
  await submit.click();
  await toast;
}

export interface NewEmployee {
  fName: string;
  local: string;
  password: string;
  branch: string;
}

/** Fills the add-employee form in `scope` (the rule only when the form asks for it). */
export async function fillEmployee(
  page: Page,
  scope: Locator,
  tx: Texts,
  e: NewEmployee,
  rule?: string,
): Promise<void> {
  const E = tx.employees;
  await pick(page, scope, E.branch, e.branch);
  await field(scope, E.fName).fill(e.fName);
  await field(scope, E.mName).fill('M');
  await field(scope, E.lName).fill('L');
  await field(scope, E.mobile).fill(e.local);
  await field(scope, E.password).fill(e.password);
  if (rule) await pick(page, scope, E.rule, rule);
}

/** Clears the stored session (keeping the language) so another account can sign in. */
export async function signOutLocally(page: Page): Promise<void> {
  await page.evaluate(() => {
    const language = localStorage.getItem('language');
    localStorage.clear();
    if (language) localStorage.setItem('language', language);
  });
}
