/**
 * Web vitals from real visits (issue 28; docs/deploy.md, "Web vitals"): each report (`POST /api/vitals`,
 * contract endpoints/vitals.ts) is observed into Prometheus histograms per route pattern and
 * language, read at /metrics. Nothing is stored and nothing personal kept: the address only counts
 * towards its limit, in this process's memory.
 */
import type { ApiParsedBody } from '@loyalty/contract';
import client from 'prom-client';
import { retryLater } from '../../core/errors';
import { addressKey } from '../../lib/rate-limit';

/** Reports per address (an IPv6 /64 as one) in a window, and how many addresses are followed at once. */
export interface VitalsLimits {
  perAddress: number;
  windowMs: number;
  addresses: number;
}

/** A page view sends one to three reports when hidden; a shop's few devices share an address. */
export const VITALS_LIMITS: VitalsLimits = { perAddress: 60, windowMs: 60_000, addresses: 10_000 };

/** Bucket bounds: the targets (LCP 1.8 s, INP 100 ms, CLS 0.05) and the "good" thresholds are bounds, so p75 against them is exact. */
const BUCKETS = {
  lcp: [0.5, 1, 1.5, 1.8, 2, 2.5, 3, 4, 6, 10, 20],
  inp: [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2, 5],
  cls: [0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2],
};

export type VitalsService = ReturnType<typeof vitalsService>;

export function vitalsService(
  registry: client.Registry,
  limits: VitalsLimits = VITALS_LIMITS,
  now: () => number = Date.now,
) {
  const histogram = (name: string, help: string, buckets: number[]) =>
    new client.Histogram({ name, help, labelNames: ['route', 'lang'] as const, buckets, registers: [registry] });
  const lcp = histogram(
    'web_vitals_lcp_seconds',
    'Largest contentful paint of page loads reported by browsers, by route pattern and language',
    BUCKETS.lcp,
  );
  const inp = histogram(
    'web_vitals_inp_seconds',
    'Interaction to next paint reported by browsers, by route pattern and language',
    BUCKETS.inp,
  );
  const cls = histogram(
    'web_vitals_cls',
    'Cumulative layout shift reported by browsers, by route pattern and language',
    BUCKETS.cls,
  );

  /** Fixed windows per address; bounded: when full, windows that are over go, and then new addresses wait. */
  const windows = new Map<string, { start: number; count: number }>();
  const admit = (ip: string) => {
    const t = now();
    const key = addressKey(ip);
    let w = windows.get(key);
    if (w && t - w.start >= limits.windowMs) w = undefined;
    if (!w) {
      if (windows.size >= limits.addresses)
        for (const [k, old] of windows) if (t - old.start >= limits.windowMs) windows.delete(k);
      if (windows.size >= limits.addresses) throw retryLater(429, 'tooManyAttempts', limits.windowMs / 1000);
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    if (w.count >= limits.perAddress)
      throw retryLater(429, 'tooManyAttempts', Math.ceil((w.start + limits.windowMs - t) / 1000));
    w.count++;
  };

  return {
    record(body: ApiParsedBody<'vitals'>, ip: string): { recorded: true } {
      admit(ip);
      const labels = { route: body.route, lang: body.lang };
      if (body.lcp !== undefined) lcp.observe(labels, body.lcp / 1000);
      if (body.inp !== undefined) inp.observe(labels, body.inp / 1000);
      if (body.cls !== undefined) cls.observe(labels, body.cls);
      return { recorded: true };
    },
  };
}
