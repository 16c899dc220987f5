/**
 * True in the built app in the browser; false on the dev server, in the unit tests and in the build's
 * renderer. What the built app gets from its build or does later (the theme's CSS variables:
 * app/providers.tsx; i18next's setup: lib/i18n.ts) is done by the module itself elsewhere.
 */
export const BUILT_APP_IN_BROWSER = import.meta.env.PROD && !import.meta.env.SSR;
