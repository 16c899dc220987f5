/** The browser tests' phone numbers: valid Qatari mobiles, never the same twice, never a demo account's. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT, DEMO_STAFF, fullMobile, localMobile } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('localMobile', () => {
  it('makes 150 different valid Qatari mobiles in a row', () => {
    const made = Array.from({ length: 150 }, () => localMobile());
    expect(new Set(made).size).toBe(made.length);
    for (const m of made) expect(m).toMatch(/^[3567]\d{7}$/);
    expect(fullMobile()).toMatch(/^974[3567]\d{7}$/);
  });

  it('never makes a demo account number', () => {
    const demo = new Set([DEMO_MERCHANT, '97450000002', ...Object.values(DEMO_STAFF), '97466000001']);
    for (let i = 0; i < 20; i++) expect(demo.has(fullMobile())).toBe(false);
  });

  it('makes different numbers in another process', () => {
    const ours = new Set(Array.from({ length: 20 }, () => localMobile()));
    const script =
      "import('./e2e/harness.ts').then((h) => console.log(Array.from({ length: 20 }, () => h.localMobile()).join(' ')))";
    const theirs = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['-e', script], {
      cwd: root,
      encoding: 'utf8',
    })
      .trim()
      .split(' ');
    expect(theirs).toHaveLength(20);
    for (const m of theirs) expect(ours.has(m), m).toBe(false);
  });
});
