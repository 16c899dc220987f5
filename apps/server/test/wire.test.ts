import { allEndpoints } from '@loyalty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('the wire contract', () => {
  it('registers every endpoint of the catalogue: none answers 404', async () => {
    const m = await merchantFixture(t);
    for (const def of allEndpoints) {
      const res = await t.call(def.path, {}, { token: m.token });
      expect(res.status, def.path).not.toBe(404);
      expect(res.status, def.path).toBeLessThan(500);
      expect(res.body, def.path).toHaveProperty(res.status === 200 ? 'data' : 'message');
    }
  });

  it('answers 501 with a message, never a fake success, where behaviour is not built yet', async () => {
    const m = await merchantFixture(t);
    const res = await t.call('merchant/ticket/list', {}, { token: m.token });
    if (res.status === 501) expect(res.body).toEqual({ message: 'This feature is not available yet' });
  });

  it('refuses unknown fields, unknown paths and GET with clear messages', async () => {
    const res = await t.call('merchant/login', { username: '97455123456', password: 'x', evil: 'yes' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: 'evil', message: 'Unknown field' });
    const unknown = await fetch(`${t.url}/api/merchant/nothing`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'This call does not exist' });
    const get = await fetch(`${t.url}/api/merchant/login`);
    expect(get.status).toBe(404);
  });

  it('never answers 500 or a stack trace to broken bodies', async () => {
    const bad = [
      { headers: { 'content-type': 'application/json' }, body: '{"username":' },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username[]=1&username[]=2&password=x',
      },
      { headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, body: '--zzz\r\nbroken' },
      { headers: { 'content-type': 'text/plain' }, body: 'hello' },
      {
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"x":1},"username":"97455123456","password":"y"}',
      },
    ];
    for (const b of bad) {
      const res = await fetch(`${t.url}/api/merchant/login`, { method: 'POST', ...b });
      expect(res.status, b.body).toBeGreaterThanOrEqual(400);
      expect(res.status, b.body).toBeLessThan(500);
      const text = await res.text();
      expect(text).not.toMatch(/at .*\.ts:\d+/);
      expect(JSON.parse(text)).toHaveProperty('message');
    }
  });

  it('answers health and sends security headers', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok', database: t.kind } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
