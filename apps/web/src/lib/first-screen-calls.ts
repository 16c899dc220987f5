/**
 * The calls a painted merchant home waits for (features/dashboard/merchant-dashboard.tsx). The page's
 * head script sends them as soon as the HTML is read, with the stored session, while the app's scripts
 * download (apps/web/build/first-screen-html.ts); lib/api.ts then answers the app's own first call of
 * each with that answer, once. Without it the home's data left only once the scripts had run:
 * one more round trip between the first paint and the home (bench/README.md, "Lighthouse").
 *
 * No imports: the build reads this module too (it passes the contract's LIMITS).
 */

export interface EarlyCall {
  path: string;
  body: Record<string, string | number | boolean>;
}

/** The most waiting orders the home lists (the oldest, which run out first). */
export const HOME_SHOWN = 5;

/** `merchant/me`, the orders to accept (features/dashboard/home-queries.ts), the branches (lib/queries/branches.ts). */
export const merchantHomeCalls = (limits: { listLimit: number }) =>
  ({
    me: { path: 'merchant/me', body: {} },
    toAccept: { path: 'merchant/product/req/list', body: { toAccept: true, limit: HOME_SHOWN, pageNum: 1 } },
    branches: { path: 'merchant/branch/list', body: { pageNum: 1, limit: limits.listLimit } },
  }) as const satisfies Record<string, EarlyCall>;

/**
 * A call's identity: its path and its text fields but the token, in name order (the head script
 * and lib/api.ts name a call the same way whatever order its fields were added in).
 */
export const callKey = (path: string, fields: Iterable<readonly [string, string]>): string => {
  const own = [...fields].filter(([name]) => name !== 'token').map(([n, v]) => `${n}=${v}`);
  return `${path}?${own.sort().join('&')}`;
};

/** The head script's calls: each with its fields as the body's text parts and its key. */
export const earlyCallsOf = (calls: readonly EarlyCall[]) =>
  calls.map(({ path, body }) => {
    const fields = Object.entries(body).map(([n, v]) => [n, String(v)] as const);
    return { path, fields, key: callKey(path, fields) };
  });

/**
 * The home's title carries its welcome with this slot for the name in this attribute: the page's
 * script fills it with the stored name (lib/session.ts, rememberUserName), as the app's first
 * render does, so that the welcome is painted by the HTML and hydrates as it is.
 */
export const WELCOME = { attribute: 'data-welcome', slot: '{{name}}' } as const;

/** What the head script leaves on `document`: each call's answer by key, with the token it was sent with. */
export type EarlyAnswers = Record<string, { token: string; answer: Promise<Response> }>;
