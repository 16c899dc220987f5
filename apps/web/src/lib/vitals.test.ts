import { APP_ROUTES } from '@loyalty/contract/endpoints/vitals';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/routes';
import { routePattern } from './route-pattern';
import { startVitals } from './vitals';

/** Every pattern a visit can match: each route's path joined to its parents' (pathless layouts add nothing). */
const patternsOf = (list: RouteObject[], parents: RouteObject[] = []): string[] =>
  list.flatMap((r) => {
    const chain = [...parents, r];
    const own = r.index || r.path !== undefined ? [routePattern(chain.map((route) => ({ route })))] : [];
    return [...own, ...patternsOf(r.children ?? [], chain)];
  });

describe('web vitals: route patterns', () => {
  it("the contract's APP_ROUTES are exactly the app's route patterns (the server accepts no other)", () => {
    expect(new Set(patternsOf(routes))).toEqual(new Set(APP_ROUTES));
  });

  it('names the pattern of an address, never its ids', () => {
    const of = (path: string) => routePattern(matchRoutes(routes, path) ?? []);
    expect(of('/')).toBe('/');
    expect(of('/login')).toBe('/login');
    expect(of('/dashboard')).toBe('/dashboard');
    expect(of('/redeem/4242')).toBe('/redeem/:id');
    expect(of('/77/update-offer')).toBe('/:id/update-offer');
    expect(of('/profile/activateaccount')).toBe('/profile/activateaccount');
    expect(of('/no/such/page/9')).toBe('/*');
    for (const path of ['/', '/redeem/1', '/offer/2', '/x/y']) expect(APP_ROUTES).toContain(of(path));
  });
});

describe('web vitals: sampling', () => {
  it('measures a page view drawn in the sample only', () => {
    const sent: URLSearchParams[] = [];
    const send = (_url: string, body: URLSearchParams) => sent.push(body) > 0;
    const route = () => '/login';
    const landing = '/login';
    expect(startVitals({ landing, route, sampleRate: 0, random: () => 0, send })).toBe(false);
    expect(startVitals({ landing, route, sampleRate: 0.25, random: () => 0.3, send })).toBe(false);
    expect(startVitals({ landing, route, sampleRate: 0.25, random: () => 0.2, send })).toBe(true);
    // nothing measured (jsdom paints nothing): nothing sent when the page is hidden
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
  });
});
