/**
 * SPEC §7's payload of `/merchant/forgetpassword` (data) and `/merchant/changepassword` (data, token):
 * the fields inside one `data` field, a JSON object in a JSON body or a JSON string in a form body,
 * read as well as the flat fields (issue 23, point 1). A `data` that is not a JSON object answers
 * 422 on the field `data`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantFixture, nextMobile, type Res, startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

/** A call with a JSON body, as a client that posts JSON sends it. */
async function callJson(path: string, body: unknown, lang: 'en' | 'ar' = 'en'): Promise<Res> {
  const res = await fetch(`${t.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

const lastCode = (mobile: string) => /(\d{6})/.exec(t.sms.filter((s) => s.to === mobile).at(-1)?.body ?? '')?.[1];

describe('merchant/forgetpassword with SPEC §7 data', () => {
  it('sends a code and resets with data as a JSON string in a form body (multipart and urlencoded)', async () => {
    const m = await merchantFixture(t);
    const sent = await t.call('merchant/forgetpassword', { data: JSON.stringify({ mobile: m.mobile }) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toEqual({ sent: true });
    const code = lastCode(m.mobile);
    expect(code).toMatch(/^\d{6}$/);
    const reset = await t.call(
      'merchant/forgetpassword',
      {
        data: JSON.stringify({ mobile: m.mobile, code, password: 'reset-pass-1', confirmPassword: 'reset-pass-1' }),
      },
      { urlencoded: true },
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data).toMatchObject({ rule: 'merchant', id: m.id });
    expect((await t.call('merchant/login', { username: m.mobile, password: 'reset-pass-1' })).status).toBe(200);
  });

  it('sends a code and resets with data as a JSON object in a JSON body', async () => {
    const m = await merchantFixture(t);
    const sent = await callJson('merchant/forgetpassword', { data: { mobile: m.mobile } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = lastCode(m.mobile);
    const reset = await callJson('merchant/forgetpassword', {
      data: { mobile: m.mobile, code, password: 'reset-pass-2', confirmPassword: 'reset-pass-2' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await t.call('merchant/login', { username: m.mobile, password: 'reset-pass-2' })).status).toBe(200);
  });

  it('answers the same for a phone without an account, and validates the fields inside data', async () => {
    const unknown = await callJson('merchant/forgetpassword', { data: { mobile: nextMobile() } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ sent: true });
    const empty = await callJson('merchant/forgetpassword', { data: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toContainEqual({ field: 'mobile', message: 'Number is a required field' });
    const mismatch = await t.call('merchant/forgetpassword', {
      data: JSON.stringify({
        mobile: nextMobile(),
        code: '123456',
        password: 'reset-pass-1',
        confirmPassword: 'reset-pass-9',
      }),
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toContainEqual({ field: 'confirmPassword', message: "Passwords don't match!" });
  });
});

describe('merchant/changepassword with SPEC §7 data, token', () => {
  it('changes the password with data as a JSON string in a form body', async () => {
    const m = await merchantFixture(t);
    const res = await t.call(
      'merchant/changepassword',
      {
        data: JSON.stringify({
          oldPassword: m.password,
          password: 'changed-pass-1',
          confirmPassword: 'changed-pass-1',
        }),
      },
      { token: m.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.call('merchant/login', { username: m.mobile, password: 'changed-pass-1' })).status).toBe(200);
  });

  it('changes the password with data as a JSON object in a JSON body, the token beside it', async () => {
    const m = await merchantFixture(t);
    const res = await callJson('merchant/changepassword', {
      token: m.token,
      data: { oldPassword: m.password, password: 'changed-pass-2', confirmPassword: 'changed-pass-2' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.call('merchant/login', { username: m.mobile, password: 'changed-pass-2' })).status).toBe(200);
  });

  it('still needs the token: data alone answers 401', async () => {
    const m = await merchantFixture(t);
    const res = await callJson('merchant/changepassword', {
      data: { oldPassword: m.password, password: 'changed-pass-3', confirmPassword: 'changed-pass-3' },
    });
    expect(res.status).toBe(401);
  });

  it('keeps the flat fields working beside an empty data', async () => {
    const m = await merchantFixture(t);
    const res = await t.call(
      'merchant/changepassword',
      { data: '', oldPassword: m.password, password: 'changed-pass-4', confirmPassword: 'changed-pass-4' },
      { token: m.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('a malformed data', () => {
  const invalidData = { field: 'data', message: 'data must be a JSON object of the fields' };

  it.each([
    ['not JSON', '{mobile: 974'],
    ['a JSON list', '["97455123456"]'],
    ['a JSON string', '"97455123456"'],
    ['a JSON number', '97455123456'],
    ['JSON null', 'null'],
  ])('answers 422 on data for %s in a form body, for both calls', async (_what, data) => {
    const m = await merchantFixture(t);
    for (const [path, token] of [
      ['merchant/forgetpassword', undefined],
      ['merchant/changepassword', m.token],
    ] as const) {
      const res = await t.call(path, { data }, { token });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.errors).toEqual([invalidData]);
    }
  });

  it('answers 422 on data for a list, a number or data sent twice in a JSON or form body', async () => {
    for (const data of [[{ mobile: '97455123456' }], 5, true])
      expect((await callJson('merchant/forgetpassword', { data })).body.errors).toEqual([invalidData]);
    const twice = await t.call('merchant/forgetpassword', { data: ['{"mobile":"97455123456"}', '{}'] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual([invalidData]);
    const ar = await callJson('merchant/forgetpassword', { data: 'x' }, 'ar');
    expect(ar.status).toBe(422);
    expect(ar.body.errors[0].field).toBe('data');
  });
});
