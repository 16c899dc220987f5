/**
 * The pattern of the matched routes: `/`, `/login`, `/redeem/:id`, `/*` (what the contract's
 * `APP_ROUTES` lists), never an address with its ids. Web vitals are labelled with it (lib/vitals.ts).
 */
export function routePattern(matches: readonly { route: { path?: string } }[]): string {
  const parts = matches
    .map((m) => m.route.path)
    .filter((p): p is string => !!p && p !== '/')
    .map((p) => p.replace(/^\/|\/$/g, ''));
  return `/${parts.join('/')}`;
}
