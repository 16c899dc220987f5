/**
 * Web vitals from real visits (issue 28; docs/deploy.md, "Web vitals"): the web app reports the
 * largest contentful paint, interaction to next paint and cumulative layout shift of a sampled share
 * of its page views (`navigator.sendBeacon` when the page is hidden), per route pattern and language;
 * the server keeps them as Prometheus histograms in /metrics. Nothing personal: the route is one of
 * the app's patterns (`/redeem/:id`, never an id), no token, no address kept.
 */
import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { defineEndpoints } from '../endpoint';
import { blankOptional, oneOf } from '../fields';

/**
 * Every route pattern of the web app (apps/web/src/app/routes.tsx, `/*` for an unknown address):
 * the only route names a report may carry. A web unit test keeps the two lists equal.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgetpassword',
  '/verification',
  '/languages',
  '/home',
  '/about',
  '/terms',
  '/welcome',
  '/profile/activateaccount',
  '/dashboard',
  '/setting',
  '/profile',
  '/profile/personalinformation',
  '/profile/changepassword',
  '/completeprofile',
  '/search',
  '/redeems',
  '/redeem/:id',
  '/request/:id',
  '/offer/:id',
  '/add-offer',
  '/:id/update-offer',
  '/product/:id',
  '/productrequest/:id',
  '/deliveryProduct/:id',
  '/availableDeliveries',
  '/branch/:id',
  '/add-branch',
  '/:id/update-branch',
  '/employee/:id',
  '/add-employee',
  /** Staff permission sets (issue 27). */
  '/permission-sets',
  '/deliveryemployeelist/:id',
  '/createuser',
  '/invoices/:id',
  '/invoice/:id',
  '/package/:id',
  '/settlement/:id',
  '/accountReports',
  '/ticket/:id',
  '/transactiondetails',
  '/activity',
  '/push-test',
  /** The public tracking link (issue 26). */
  '/t/:token',
  /** The operator's console (issue 25): its own routes inside, measured as one. */
  '/operator/*',
  '/*',
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

/** The largest values taken (milliseconds, or CLS's unitless score): anything above is not a measure. */
export const VITALS_MAX = { lcpMs: 120_000, inpMs: 60_000, cls: 100 } as const;

/** The most a report's body may weigh (bytes): a few short fields. */
export const VITALS_MAX_BYTES = 1024;

const measure = (max: number) =>
  blankOptional(
    z.coerce.number({ error: 'mustBeNumber' }).min(0, { error: 'mustBePositive' }).max(max, { error: 'tooLong' }),
  );

/** Only these fields: anything else (an id, a phone) is refused, never stored. */
export const vitalsBody = z
  .strictObject(
    {
      route: oneOf(APP_ROUTES, 'invalidValue'),
      lang: oneOf(LANGUAGES, 'invalidValue'),
      /** Largest contentful paint of the page's load, ms. */
      lcp: measure(VITALS_MAX.lcpMs),
      /** Interaction to next paint, ms. */
      inp: measure(VITALS_MAX.inpMs),
      /** Cumulative layout shift (unitless). */
      cls: measure(VITALS_MAX.cls),
    },
    { error: 'invalidValue' },
  )
  .refine((b) => b.lcp !== undefined || b.inp !== undefined || b.cls !== undefined, {
    error: 'required',
    path: ['lcp'],
  });

export const vitalsEndpoints = defineEndpoints({
  vitals: {
    roles: 'public',
    scope: 'public',
    maxBodyBytes: VITALS_MAX_BYTES,
    body: vitalsBody,
    response: z.object({ recorded: z.literal(true) }),
    summary:
      "Reports a page view's web vitals (LCP, INP, CLS) for a route pattern and language; kept as histograms in /metrics. No personal data; limited per address (429) and in size (413).",
  },
});
