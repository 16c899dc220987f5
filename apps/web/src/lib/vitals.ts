/**
 * Web vitals from real visits (issue 28; docs/deploy.md, "Web vitals"): a sampled share of page
 * views (the server's VITALS_SAMPLE_RATE, from /api/config) measures its largest contentful paint,
 * interaction to next paint and cumulative layout shift with the `web-vitals` library and sends
 * them with `navigator.sendBeacon` to `POST /api/vitals` the first time the page is hidden (the
 * last moment a phone reliably runs script; a page view reports each value once, so the server's
 * histograms count page views). Each value goes with the route pattern it belongs to (`/redeem/:id`,
 * never the address): LCP with the route the page loaded on, INP and CLS with the route of their
 * latest change, and with the language. Nothing else: no token, no id.
 * Loaded after the first paint (main.tsx): web-vitals reads the browser's buffered entries, so
 * what happened before it loaded is counted.
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import { currentLanguage } from './language';

export const VITALS_URL = '/api/vitals';

type Name = 'lcp' | 'inp' | 'cls';

export interface VitalsOptions {
  /**
   * The route pattern the page loaded on, the LCP's: taken when the app starts, since a person may
   * have moved on to another screen by the time the measurement starts (at idle, lib/vitals-start.ts).
   */
  landing: string;
  /** The route pattern shown now. */
  route: () => string;
  sampleRate: number;
  random?: () => number;
  send?: (url: string, body: URLSearchParams) => boolean;
  win?: Window;
}

/** Starts measuring this page view when it is drawn in the sample; returns whether it is. */
export function startVitals({
  landing,
  route,
  sampleRate,
  random = Math.random,
  send = (url, body) => navigator.sendBeacon(url, body),
  win = window,
}: VitalsOptions): boolean {
  if (!(random() < sampleRate)) return false;
  const latest = new Map<Name, { value: number; route: string }>();
  let sent = false;
  const flush = () => {
    if (sent || latest.size === 0) return;
    sent = true;
    const byRoute = new Map<string, URLSearchParams>();
    for (const [name, { value, route: r }] of latest) {
      const body = byRoute.get(r) ?? new URLSearchParams({ route: r, lang: currentLanguage() });
      body.set(name, String(name === 'cls' ? Number(value.toFixed(4)) : Math.round(value)));
      byRoute.set(r, body);
    }
    for (const body of byRoute.values()) send(VITALS_URL, body);
  };
  const keep = (name: Name, at: () => string) => (m: { value: number }) => {
    latest.set(name, { value: m.value, route: at() });
  };
  onLCP(
    keep('lcp', () => landing),
    { reportAllChanges: true },
  );
  onINP(keep('inp', route), { reportAllChanges: true });
  onCLS(keep('cls', route), { reportAllChanges: true });
  win.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flush();
  });
  win.addEventListener('pagehide', flush);
  return true;
}
