/**
 * Starts the web vitals' measurement (lib/vitals.ts) once the page is idle after its first paint:
 * the server's sample rate first (/api/config), then, for a page view in the sample, web-vitals.
 * Both are imported then: neither is part of the first load.
 */
import type { DataRouter } from 'react-router-dom';
import { whenIdle } from './deferred';
import { routePattern } from './route-pattern';

export function measureVitals(router: DataRouter): void {
  // the route the page loaded on, now: by the time the measurement starts, a person who signs in
  // at once is on the dashboard, and the sign-in page's LCP would be counted as the dashboard's
  const landing = routePattern(router.state.matches);
  // soon: a page view left before it starts is not measured
  whenIdle(() => {
    void import('./queries/config')
      .then((m) => m.loadAppConfig())
      .then(async ({ vitalsSampleRate }) => {
        if (!vitalsSampleRate) return;
        const { startVitals } = await import('./vitals');
        startVitals({ landing, route: () => routePattern(router.state.matches), sampleRate: vitalsSampleRate });
      })
      .catch(() => undefined);
  }, 1000);
}
