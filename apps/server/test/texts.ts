/** Helpers of the text-message tests: a password reset with a code, and where a text could be left behind. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestServer } from './harness';

/** Every file under `folder` that holds `needle`. */
export function filesHolding(folder: string, needle: string): string[] {
  const hits: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(Buffer.from(needle))) hits.push(file);
  }
  return hits;
}

/** Resets a merchant's password with the code it was sent; the new password then signs in. */
export async function resetWith(call: TestServer['call'], mobile: string, code: string) {
  const reset = await call('merchant/forgetpassword', {
    mobile,
    code,
    password: 'reset-pass-1',
    confirmPassword: 'reset-pass-1',
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  expect(reset.body.data).toMatchObject({ rule: 'merchant' });
  expect((await call('merchant/login', { username: mobile, password: 'reset-pass-1' })).status).toBe(200);
}
