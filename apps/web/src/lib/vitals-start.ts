/**
 * Starts the web vitals' measurement (lib/vitals.ts) once the page is idle after its first paint:
 * the server's sample rate first (/api/config), then, for a page view in the sample, web-vitals.
 * Both are imported then: neither is part of the first load.
 */
import type { DataRouter } from 'react-router-dom';
import { whenIdle } from './deferred';

export function measureVitals(router: DataRouter): void {
  // soon: a page view left before it starts is not measured
  whenIdle(() => {
    void import('./queries/config')
      .then((m) => m.loadAppConfig())
      .then(async ({ vitalsSampleRate }) => {
        if (!vitalsSampleRate) return;
        const { routePattern, startVitals } = await import('./vitals');
        startVitals({ route: () => routePattern(router.state.matches), sampleRate: vitalsSampleRate });
      })
      .catch(() => undefined);
  }, 1000);
}
