/**
 * Every length and number limit of the contract through the real server (issue 29): the limits are
 * generated from the payload schemas (packages/contract/src/bounds.ts, pinned by the contract's unit
 * tests), and each one-past value is sent, as multipart form data (urlencoded for /api/admin), by a
 * caller the call allows (the operator's token for /api/admin); the answer must be 422 naming the
 * field with the limit's message. A new field with a limit is covered by being in the contract.
 */
import { messageText } from '@loyalty/contract';
import { allBounds, describeBound, edgeCase, everyEndpoint } from '@loyalty/contract/bounds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fields, startTestServer, type TestServer } from './harness';
import { type Tokens, tokenFor, tokensOfEveryRole } from './proof/callers';

let t: TestServer;
let tokens: Tokens;
let operatorToken: string;

beforeAll(async () => {
  t = await startTestServer();
  tokens = await tokensOfEveryRole(t);
  operatorToken = (await t.services.operator.createToken('bounds')).token;
});
afterAll(async () => t?.close());

const defs = new Map(everyEndpoint().map((d) => [d.path, d]));
const cases = allBounds().flatMap((bound) => {
  const edge = edgeCase(defs.get(bound.path)!, bound);
  return edge && !edge.emptyIsAbsent ? [edge] : [];
});

/** Lists go as one JSON string, as SPEC §7 says and the app sends them (`key[]` repeats stop at the multipart field limit). */
const formValue = (v: unknown): Fields[string] => (Array.isArray(v) ? JSON.stringify(v) : (v as string));

describe('the contract limits through the server', () => {
  it('answers 422 naming the field with its message for every one-past value', async () => {
    expect(cases.length).toBeGreaterThan(400);
    const failures: string[] = [];
    for (const { bound, past } of cases) {
      const def = defs.get(bound.path)!;
      const operator = def.roles !== 'public' && def.roles.includes('admin');
      const token = operator ? operatorToken : tokenFor(def, tokens);
      const res = await t.call(
        bound.path,
        { [bound.key]: formValue(past) },
        // /api/admin reads JSON or urlencoded fields (admin/login, public, as well)
        { token, bearer: operator, urlencoded: def.scope === 'operator' },
      );
      const error = (res.body?.errors as { field: string; message: string }[] | undefined)?.find(
        (e) => e.field === bound.field,
      );
      const want = messageText(bound.message, 'en');
      if (res.status !== 422 || error?.message !== want)
        failures.push(
          `${describeBound(bound)}: ${res.status} ${error ? `"${error.message}"` : 'field not named'}, wanted 422 "${want}"`,
        );
    }
    expect(failures).toEqual([]);
  });
});
