/**
 * The operator console in the browser tests (issue 25): an operator made with the command line
 * (`npm run admin -- operator add`), the authenticator's code computed here from the printed
 * otpauth address (RFC 6238: HMAC-SHA-1, 6 digits, 30 s steps), and the console's sign-in.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { type E2EServer, fullMobile, type Lang, readLocale } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const base32Decode = (text: string): Buffer => {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
};

/** The 6-digit code of `secret` (base32) for the 30-second step of `at` (RFC 6238, SHA-1). */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

export interface TestOperator {
  mobile: string;
  password: string;
  name: string;
  secret: string;
}

/** An operator added from the command line; its secret read from the otpauth address it prints last. */
export async function addOperator(
  server: E2EServer,
  role: 'admin' | 'support' | 'finance',
  name: string,
): Promise<TestOperator> {
  const mobile = fullMobile();
  const password = 'operator-pass-1';
  const out = await server.admin('operator', 'add', mobile, '--role', role, '--password', password, '--name', name);
  const last = out.trim().split('\n').pop() ?? '';
  if (!last.startsWith('otpauth://totp/')) throw new Error(`no otpauth address in:\n${out}`);
  const secret = new URL(last).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${last}`);
  return { mobile, password, name, secret };
}

/**
 * Signs in on /operator/login with the mobile (local part: the country selector starts at Qatar),
 * the password and the current code. A code is good once per operator: a second sign-in in the same
 * 30 s step waits for the next step.
 */
const lastStep = new Map<string, number>();
export async function signInOperator(page: Page, url: string, op: TestOperator): Promise<void> {
  let step = Math.floor(Date.now() / 30_000);
  if (lastStep.get(op.secret) === step) {
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 200));
    step += 1;
  }
  lastStep.set(op.secret, step);
  await page.goto(`${url}/operator/login`);
  const form = page.getByTestId('operator-login');
  await form.locator('input[type=tel]').fill(op.mobile.slice(3));
  await form.locator('input[type=password]').fill(op.password);
  await form.locator('input[autocomplete="one-time-code"]').fill(totp(op.secret));
  await form.locator('button[type=submit]').click();
  await page.getByTestId('operator-home').waitFor();
}

type Tree = { [key: string]: string | Tree };
/** The console's strings in a language (`t('merchants.approve')`). */
export const consoleTexts = (lang: Lang) => {
  const tree = readLocale<Tree>(`features/operator/strings/${lang}.json`);
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const text = key.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k], tree);
    if (typeof text !== 'string') throw new Error(`no string ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
  };
};

/** POSTs a JSON body to /api/<path> with the operator's Bearer token; returns `data` (throws otherwise). */
export async function operatorApi<T = any>(
  server: E2EServer,
  token: string | null,
  p: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(`${server.url}/api/${p}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${p} → ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

export interface ConsoleSession {
  token: string;
  operator: { id: number; name: string; role: string };
}

/** A new operator of `role`, signed in through admin/login: the session the console keeps. */
export async function consoleSession(
  server: E2EServer,
  role: 'admin' | 'support' | 'finance' = 'admin',
): Promise<ConsoleSession> {
  const op = await addOperator(server, role, `Suite ${role} ${Date.now() % 10000}`);
  return operatorApi<ConsoleSession>(server, null, 'admin/login', {
    username: op.mobile,
    password: op.password,
    otp: totp(op.secret),
  });
}

/** Puts a console session in the page's storage before its scripts run (the console's own key). */
export const withConsoleSession = (context: BrowserContext, session: ConsoleSession) =>
  context.addInitScript((s) => {
    if (!window.localStorage.getItem('operatorSession')) window.localStorage.setItem('operatorSession', s);
  }, JSON.stringify(session));

/** The console's routes (apps/web/src/features/operator/console-routes.tsx), under /operator. */
export function consoleRoutes(): string[] {
  const text = fs.readFileSync(path.join(root, 'apps/web/src/features/operator/console-routes.tsx'), 'utf8');
  return [...text.matchAll(/\[(null|'([^']+)'), '\w+', screen\(/g)].map((m) =>
    m[2] ? `operator/${m[2]}` : 'operator',
  );
}
