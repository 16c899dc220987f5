/**
 * Web vitals from real visits (issue 28; contract endpoints/vitals.ts, modules/vitals): `POST
 * /api/vitals` takes a page view's LCP, INP and CLS for one of the app's route patterns and a
 * language, unauthenticated but bounded (its fields only, the app's route patterns only, a small
 * body, a number of reports per address), and /metrics shows them as histograms per route and
 * language.
 */
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, publicConfigOf } from '../src/config';
import { vitalsService } from '../src/modules/vitals/vitals.service';
import { startTestServer, type TestServer } from './harness';

const METRICS_TOKEN = 'vitals-metrics-token';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ metricsToken: METRICS_TOKEN });
});
afterAll(async () => t?.close());

/** A report as `navigator.sendBeacon(url, URLSearchParams)` sends it: urlencoded. */
const beacon = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/api/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const metrics = async () =>
  (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

describe('POST /api/vitals', () => {
  it('keeps a report as histograms per route pattern and language in /metrics', async () => {
    const res = await beacon({ route: '/redeem/:id', lang: 'ar', lcp: '1234.5', inp: '48', cls: '0.031' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { recorded: true } });
    // JSON and multipart are read too; one metric is enough
    expect((await t.call('vitals', { route: '/redeem/:id', lang: 'ar', lcp: 2500 })).status).toBe(200);
    const text = await metrics();
    expect(text).toContain('web_vitals_lcp_seconds_bucket{le="1.5",route="/redeem/:id",lang="ar"} 1');
    expect(text).toContain('web_vitals_lcp_seconds_bucket{le="2.5",route="/redeem/:id",lang="ar"} 2');
    expect(text).toMatch(/web_vitals_lcp_seconds_sum\{route="\/redeem\/:id",lang="ar"\} 3\.734(5|49)/);
    expect(text).toContain('web_vitals_inp_seconds_bucket{le="0.05",route="/redeem/:id",lang="ar"} 1');
    expect(text).toContain('web_vitals_inp_seconds_count{route="/redeem/:id",lang="ar"} 1');
    expect(text).toContain('web_vitals_cls_bucket{le="0.05",route="/redeem/:id",lang="ar"} 1');
    expect(text).toContain('web_vitals_cls_bucket{le="0.02",route="/redeem/:id",lang="ar"} 0');
  });

  it("refuses a route that is not one of the app's patterns (an address with an id), another language, another field", async () => {
    const refused: Record<string, string>[] = [
      { route: '/redeem/42', lang: 'en', lcp: '1000' },
      { route: '/wp-admin', lang: 'en', lcp: '1000' },
      { route: '/login', lang: 'fr', lcp: '1000' },
      { route: '/login', lang: 'en', lcp: '1000', userId: '7' },
      { route: '/login', lang: 'en', lcp: '1000', mobile: '97450000001' },
      { route: '/login', lang: 'en' },
      { route: '/login', lang: 'en', lcp: '-1' },
      { route: '/login', lang: 'en', lcp: '120001' },
      { route: '/login', lang: 'en', inp: 'slow' },
      { route: '/login', lang: 'en', cls: '101' },
    ];
    for (const fields of refused) {
      const res = await beacon(fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(typeof ((await res.json()) as { message?: unknown }).message).toBe('string');
    }
    const text = await metrics();
    expect(text).not.toContain('/redeem/42');
    expect(text).not.toContain('wp-admin');
    expect(text).not.toMatch(/web_vitals_\w+\{[^}]*lang="fr"/);
  });

  it('refuses a body over 1 KB, whatever its encoding', async () => {
    const big = { route: '/login', lang: 'en', lcp: '1000', pad: 'x'.repeat(2000) };
    const urlencoded = await beacon(big);
    expect(urlencoded.status).toBe(413);
    const json = await fetch(`${t.url}/api/vitals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(big),
    });
    expect(json.status).toBe(413);
    const form = new FormData();
    for (const [k, v] of Object.entries(big)) form.append(k, v);
    const multipart = await fetch(`${t.url}/api/vitals`, { method: 'POST', body: form });
    expect(multipart.status).toBe(413);
    for (const res of [urlencoded, json, multipart])
      expect(typeof ((await res.json()) as { message?: unknown }).message).toBe('string');
  });

  it('is not a way to hammer the server: reports per address are limited (429), then allowed again', async () => {
    let now = 0;
    const vitals = vitalsService(new client.Registry(), { perAddress: 3, windowMs: 60_000, addresses: 2 }, () => now);
    const report = { route: '/login', lang: 'en', lcp: 900 } as const;
    for (let i = 0; i < 3; i++) expect(vitals.record(report, '203.0.113.7')).toEqual({ recorded: true });
    expect(() => vitals.record(report, '203.0.113.7')).toThrow(expect.objectContaining({ status: 429 }));
    // one IPv6 /64 is one address
    vitals.record(report, '2001:db8:1:2::1');
    vitals.record(report, '2001:db8:1:2::ffff');
    vitals.record(report, '2001:db8:1:2:aaaa::9');
    expect(() => vitals.record(report, '2001:db8:1:2::5')).toThrow(expect.objectContaining({ status: 429 }));
    // the addresses followed are bounded: a third one waits until a window is over
    expect(() => vitals.record(report, '198.51.100.1')).toThrow(expect.objectContaining({ status: 429 }));
    now = 60_000;
    expect(vitals.record(report, '198.51.100.1')).toEqual({ recorded: true });
    expect(vitals.record(report, '203.0.113.7')).toEqual({ recorded: true });
  });

  it('answers 429 with a message through the server once an address has sent its share', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await beacon({ route: '/login', lang: 'en', cls: '0' })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    const refused = await beacon({ route: '/login', lang: 'en', cls: '0' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(typeof ((await refused.json()) as { message?: unknown }).message).toBe('string');
  });
});

describe('VITALS_SAMPLE_RATE', () => {
  it('is the share of page views the web app reports, handed to it at /api/config', () => {
    expect(loadConfig({}).vitalsSampleRate).toBe(1);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0.25' }).vitalsSampleRate).toBe(0.25);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0' }).vitalsSampleRate).toBe(0);
    expect(publicConfigOf(loadConfig({ VITALS_SAMPLE_RATE: '0.1' })).vitalsSampleRate).toBe(0.1);
    for (const bad of ['2', '-0.5', 'half'])
      expect(() => loadConfig({ VITALS_SAMPLE_RATE: bad })).toThrow(/VITALS_SAMPLE_RATE/);
  });
});
