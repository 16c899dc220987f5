/**
 * Registers the PWA's service worker (`src/sw.ts`, built into `dist/sw.js`) once the page has loaded, in production
 * builds only so development stays uncached. The app's module can finish running after the
 * window's load event has already fired (its imports load first): then it registers at once, as a
 * listener added after the event would never run and the app could not be installed.
 */
export const registerServiceWorker = (
  env: { prod: boolean; nav: Navigator; win: Window } = {
    prod: import.meta.env.PROD,
    nav: navigator,
    win: window,
  },
) => {
  const { prod, nav, win } = env;
  if (!prod || !('serviceWorker' in nav)) return;
  const register = () => {
    nav.serviceWorker.register('/sw.js').catch((e: unknown) => console.warn('Service worker registration failed', e));
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
};
