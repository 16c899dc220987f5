/** The PWA's service worker (public/sw.js), in production builds only so development stays uncached. */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((e: unknown) => console.warn('Service worker registration failed', e));
  });
};
