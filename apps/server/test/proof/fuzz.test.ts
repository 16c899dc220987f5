/**
 * Fuzzing every endpoint of the contract (issue "proof suites"): malformed payloads generated with
 * fast-check from each call's zod schema (zod-arbitraries.ts walks it) — wrong types, missing and duplicated fields, huge,
 * negative and NaN numbers, naughty strings, 100 KB text, broken JSON-string lists, extra fields,
 * fake, empty, too many and oversized images — sent as multipart, urlencoded and JSON. Never an answer ≥ 500, every
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
import { bodyEntries, envelopeEntries } from './zod-arbitraries';

const FULL = process.env.PROOF_FULL === '1';
const RUNS = FULL ? 200 : 10;
/** PROOF_SEED=<seed> repeats a failing run (fast-check prints the seed and path of a failure). */
const SEED = process.env.PROOF_SEED ? Number(process.env.PROOF_SEED) : undefined;

let t: TestServer;
let tokens: Tokens;
beforeAll(async () => {
  t = await startTestServer({ loginLimits: { perPhone: { ...TEST_LOGIN_LIMITS.perPhone, free: 1_000_000 } } });
  tokens = await tokensOfEveryRole(t);
});
afterAll(async () => t?.close());

type Payload = {
  fields: [string, string][];
  mode: 'multipart' | 'urlencoded' | 'json' | 'rawjson';
  file?: 'fake' | 'big' | 'empty' | 'many';
};

const shapeOf = (def: EndpointDef): Record<string, z.ZodType> =>
  (def.body as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};

/**
 * Payloads derived from the call's zod schema (zod-arbitraries.ts), sent four ways, with files where
 * it takes them, and SPEC §7's `data` field where the call reads one (`dataEnvelope`).
 */
const fieldsOf = (def: EndpointDef): fc.Arbitrary<[string, string][]> =>
  def.dataEnvelope
    ? fc.tuple(bodyEntries(shapeOf(def)), envelopeEntries(shapeOf(def))).map(([flat, data]) => [...flat, ...data])
    : bodyEntries(shapeOf(def));
const payloadOf = (def: EndpointDef): fc.Arbitrary<Payload> =>
  fc.record({
    fields: fieldsOf(def),
    mode: fc.constantFrom('multipart', 'urlencoded', 'json', 'rawjson'),
    file: def.files ? fc.constantFrom('fake', 'big', 'empty', 'many', undefined) : fc.constant(undefined),
  }) as fc.Arbitrary<Payload>;

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
      const data = p.file === 'fake' || p.file === 'many' ? FAKE_IMAGE : p.file === 'big' ? BIG_IMAGE : Buffer.alloc(0);
      const copies = p.file === 'many' ? def.files.max + 3 : 1;
      for (let i = 0; i < copies; i++)
        form.append(
          def.files.fields[i % def.files.fields.length],
          new Blob([data], { type: 'image/png' }),
          `x${i}.png`,
        );
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
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
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
          // CSV exports (`format: 'csv'`) answer text/csv when served; their refusals are JSON like any other
          if (res.status === 200 && (def as { format?: string }).format === 'csv' && !/text\/csv/.test(res.type))
            return false;
          if (res.status >= 400) {
            const body = JSON.parse(res.text) as { message?: unknown };
            if (typeof body.message !== 'string' || body.message.length === 0) return false;
          }
          return true;
        }),
        { numRuns: RUNS, verbose: 1, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      // the caller's token was live: the payloads reached the call, not only the sign-in check
      if (!def.path.endsWith('/logout')) expect([...statuses], def.path).not.toEqual([401]);
    });
  }
});
