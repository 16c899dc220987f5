/**
 * Fuzzing every endpoint of the contract (issue "proof suites"): malformed payloads generated with
 * fast-check from each call's field names — wrong types, missing and duplicated fields, huge,
 * negative and NaN numbers, naughty strings, 100 KB text, broken JSON-string lists, extra fields,
 * fake and oversized images — sent as multipart, urlencoded and JSON. Never an answer ≥ 500, every
 * 4xx carries a message, no stack trace or SQL in any answer. A failure prints its seed and the
 * shrunk payload. `npm test` runs a short form; `npm run test:proof` runs 200 payloads per call.
 */
import { allEndpoints, type EndpointDef } from '@loyalty/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestServer, TEST_LOGIN_LIMITS, type TestServer } from '../harness';
import { NOT_BUILT } from '../not-built';
import { type Tokens, tokenFor, tokensOfEveryRole } from './callers';

const FULL = process.env.PROOF_FULL === '1';
const RUNS = FULL ? 200 : 10;

let t: TestServer;
let tokens: Tokens;
beforeAll(async () => {
  t = await startTestServer({ loginLimits: { perPhone: { ...TEST_LOGIN_LIMITS.perPhone, free: 1_000_000 } } });
  tokens = await tokensOfEveryRole(t);
});
afterAll(async () => t?.close());

const NAUGHTY = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0644\u0627',
  "'; DROP TABLE merchants; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  `\${7*7}{{7*7}}`,
  '../../../../etc/passwd',
  '%00%0d%0a',
  'undefined',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1',
  '0',
  '-0',
  '9007199254740993',
  '2147483648',
  '1.5',
  '0x10',
  '[]',
  '[1,',
  '["a"]',
  '{"__proto__":{"x":1}}',
  '[{}]',
  '1,2,,3',
  'true',
  '😀👍🏽',
  'ـــــ',
  '٣٤٥',
  '12/31/1969',
  '2026-02-30',
  '9999-99-99',
];

const value: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NAUGHTY),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }).map(String),
  fc.double().map(String),
  fc.constant('x'.repeat(100 * 1024)),
);

type Payload = {
  fields: [string, string][];
  mode: 'multipart' | 'urlencoded' | 'json' | 'rawjson';
  file?: 'fake' | 'big' | 'empty';
};

const fieldNames = (def: EndpointDef): string[] =>
  Object.keys((def.body as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {});

/** Field lists: every known field (some dropped, some repeated, some as key[]) plus a few unknown ones. */
const payloadOf = (def: EndpointDef): fc.Arbitrary<Payload> => {
  const names = [...fieldNames(def), 'token2', '__proto__', 'constructor', 'merchantId', 'id'];
  const entry = fc.tuple(
    fc.constantFrom(...names).chain((n) => fc.constantFrom(n, `${n}[]`)),
    value,
  );
  return fc.record({
    fields: fc.array(entry, { maxLength: 14 }),
    mode: fc.constantFrom('multipart', 'urlencoded', 'json', 'rawjson'),
    file: def.files ? fc.constantFrom('fake', 'big', 'empty', undefined) : fc.constant(undefined),
  }) as fc.Arbitrary<Payload>;
};

const FAKE_IMAGE = Buffer.from('\x89PNG\r\n\x1a\nnot really a png at all');
const BIG_IMAGE = Buffer.alloc(6 * 1024 * 1024, 7);

async function send(def: EndpointDef, p: Payload, token?: string) {
  const url = `${t.url}/api/${def.path}`;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: FormData | string;
  if (p.mode === 'multipart' || p.file) {
    const form = new FormData();
    for (const [k, v] of p.fields) form.append(k, v);
    if (p.file && def.files) {
      const data = p.file === 'fake' ? FAKE_IMAGE : p.file === 'big' ? BIG_IMAGE : Buffer.alloc(0);
      form.append(def.files.fields[0], new Blob([data], { type: 'image/png' }), 'x.png');
    }
    body = form;
  } else if (p.mode === 'urlencoded') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(p.fields).toString();
  } else if (p.mode === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(Object.fromEntries(p.fields));
  } else {
    headers['content-type'] = 'application/json';
    body = `{${p.fields.map(([k, v]) => `"${k}":${v}`).join(',')}`; // often broken JSON on purpose
  }
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text() };
}

const LEAKS = [
  /\bat .+\.(ts|js|mjs):\d+/,
  /SQLITE_[A-Z]/,
  /syntax error at or near/i,
  /relation ".+" does not exist/i,
  /\bselect\b.+\bfrom\b/i,
  /ZodError/,
];

describe(`fuzzing every endpoint (${RUNS} payloads each)`, () => {
  // logouts end their session: they go last, so every other call is tried with a live token
  const calls = allEndpoints
    .filter((d) => !NOT_BUILT.has(d.path))
    .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
  it('covers every built call of the catalogue', () => {
    expect(calls.length).toBeGreaterThan(40);
  });
  for (const def of calls) {
    it(def.path, async () => {
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(payloadOf(def), async (p) => {
          const res = await send(def, p, tokenFor(def, tokens));
          statuses.add(res.status);
          if (res.status >= 500) return false;
          for (const leak of LEAKS) if (leak.test(res.text)) return false;
          if (res.status >= 400) {
            const body = JSON.parse(res.text) as { message?: unknown };
            if (typeof body.message !== 'string' || body.message.length === 0) return false;
          }
          return true;
        }),
        { numRuns: RUNS, verbose: 1 },
      );
      // the caller's token was live: the payloads reached the call, not only the sign-in check
      if (!def.path.endsWith('/logout')) expect([...statuses], def.path).not.toEqual([401]);
    });
  }
});
