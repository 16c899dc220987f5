/**
 * Operations (docs/deploy.md): /api/health checks the database, /metrics in Prometheus format
 * (METRICS_TOKEN on the main port; no token only on a listener of its own, for requests that no
 * proxy relayed; route patterns as labels), and log lines with request ids and nothing personal or
 * secret in them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkOf, safeUrl } from '../src/http/logging';
import { nextMobile, startTestServer, type TestServer } from './harness';
import { CARDS, futureExpiry } from './money-fixtures';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestServer;
const log: string[] = [];
beforeAll(async () => {
  t = await startTestServer({ metricsToken: TOKEN, logStream: { write: (line) => void log.push(line) } });
});
afterAll(async () => t?.close());

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok', database: t.kind } });
  });

  it('answers 503 with a message when the database does not', async () => {
    const other = await startTestServer();
    try {
      await other.db.destroy();
      const res = await fetch(`${other.url}/api/health`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { message: string; data: { status: string } };
      expect(body.message).toMatch(/database/i);
      expect(body.data.status).toBe('unavailable');
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics', () => {
  const metricsText = async () => {
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  it('counts requests per route pattern, never per raw URL, with latency and errors', async () => {
    const m = await t.call('merchant/signup', {
      name: 'Metrics shop',
      mobile: nextMobile(),
      password: 'secret-pass-1',
      check: true,
      userCurrncy: 'USD',
    });
    expect(m.status).toBe(200);
    await t.call('merchant/offer/details', { id: 987654 }, { token: m.body.data.token }); // not approved yet: 4xx
    await fetch(`${t.url}/uploads/0123456789abcdef0123456789abcdef.webp`); // 404 on a pattern route
    await fetch(`${t.url}/api/no/such/thing/4242`);
    const text = await metricsText();
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/merchant\/signup",status_class="2xx"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="POST",route="\/api\/merchant\/signup"\}/,
    );
    expect(text).toMatch(
      /http_request_errors_total\{method="POST",route="\/api\/merchant\/offer\/details",status_class="4xx"\} 1/,
    );
    expect(text).toMatch(/route="unmatched"/);
    // no id, no raw path of the unmatched request, no upload name
    expect(text).not.toContain('no/such/thing');
    expect(text).not.toContain('0123456789abcdef');
    // process metrics and the event-loop lag
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (t.kind === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    // the bounded work of the process, idle between requests
    for (const queue of ['sign_in_hashes', 'other_hashes', 'uploads', 'large_pages'])
      for (const state of ['running', 'waiting'])
        expect(text).toContain(`work_queue_tasks{queue="${queue}",state="${state}"} 0`);
    // requests waiting to begin (http/turns.ts): none once every answer is in
    expect(text).toContain('http_requests_waiting_turn 0');
  });

  it('on the main port it needs the token, even from loopback (a local proxy relays from there)', async () => {
    for (const headers of [{}, { 'x-real-ip': '203.0.113.7' }, { via: '1.1 nginx' }] as Record<string, string>[]) {
      const res = await fetch(`${t.url}/metrics`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).not.toContain('http_requests_total');
    }
    const none = await startTestServer();
    try {
      // no token set: nobody reads them on the main port
      expect((await fetch(`${none.url}/metrics`)).status).toBe(403);
    } finally {
      await none.close();
    }
  });

  it('on a listener of its own: a direct request needs no token; one a proxy relayed does', async () => {
    const own = await startTestServer({ metricsToken: TOKEN, metricsListener: { host: '127.0.0.1', port: 0 } });
    try {
      const url = `${own.metricsUrl}/metrics`;
      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('http_requests_total');
      for (const headers of [
        { 'x-real-ip': '203.0.113.7' },
        { 'x-forwarded-for': '203.0.113.7' },
        { forwarded: 'for=203.0.113.7' },
        { 'x-forwarded-proto': 'https' },
      ] as Record<string, string>[]) {
        const res = await fetch(url, { headers });
        expect(res.status, JSON.stringify(headers)).toBe(403);
      }
      const relayedWithToken = await fetch(url, {
        headers: { 'x-real-ip': '203.0.113.7', authorization: `Bearer ${TOKEN}` },
      });
      expect(relayedWithToken.status).toBe(200);
      expect((await fetch(`${own.metricsUrl}/api/health`)).status).toBe(404);
      // the main port still needs the token
      expect((await fetch(`${own.url}/metrics`)).status).toBe(403);
    } finally {
      await own.close();
    }
  });

  it('is refused to a relayed request without the token, and opened by the token', async () => {
    const relayed = await fetch(`${t.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(relayed.status).toBe(403);
    expect(await relayed.text()).not.toContain('http_requests_total');
    const wrong = await fetch(`${t.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(403);
    const right = await fetch(`${t.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('http_requests_total');
  });
});

describe('the log', () => {
  it('has request ids and no password, token, full mobile number or card number', async () => {
    const mobile = nextMobile();
    const password = 'Very-secret-pass-77';
    const signup = await t.call('merchant/signup', {
      name: 'Log shop',
      mobile,
      password,
      check: true,
      userCurrncy: 'USD',
    });
    expect(signup.status).toBe(200);
    await t.op.approveMerchant(mobile);
    const login = await t.call('merchant/login', { username: mobile, password });
    expect(login.status).toBe(200);
    const token: string = login.body.data.token;
    const wrongLogin = await t.call('merchant/login', { username: mobile, password: 'wrong-password-1' });
    expect(wrongLogin.status).toBeGreaterThanOrEqual(400);
    const card = await t.call(
      'merchant/card/add',
      { nameOnCard: 'Noor Al Thani', cardNumber: CARDS.visa, expirationDate: futureExpiry(), CVV: '987' },
      { token, bearer: true },
    );
    expect(card.status).toBe(200);
    // a token in a query string (as an event stream would carry it) is not logged either
    await fetch(`${t.url}/api/merchant/profile/get?token=${token}&mobile=${mobile}`);
    await new Promise((r) => setTimeout(r, 200)); // let the log stream flush

    const text = log.join('');
    const lines = log.flatMap((chunk) => chunk.split('\n')).filter(Boolean);
    const entries = lines.map((l) => JSON.parse(l));
    const requests = entries.filter((e) => e.req);
    expect(requests.some((e) => e.req.url === '/api/merchant/card/add')).toBe(true);
    for (const e of requests) expect(e.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // the CVV as a JSON value: '987"' alone also matched a request id ending in 987 (1 run in ~400)
    for (const secret of [password, 'wrong-password-1', token, signup.body.data.token, mobile, CARDS.visa, '"987"'])
      expect(text.includes(secret), `the log contains ${secret}`).toBe(false);
    expect(text).toContain('/api/merchant/profile/get?token=…&mobile=…');
  });

  it('keeps only the network of client addresses and the names of query parameters', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0');
    expect(networkOf('::ffff:198.51.100.23')).toBe('198.51.100.0');
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::');
    expect(safeUrl('/api/x?token=abc&id=3')).toBe('/api/x?token=…&id=…');
    expect(safeUrl('/api/x')).toBe('/api/x');
  });
});
