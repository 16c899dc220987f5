// Mantine's base layers; each component's styles come with its code (vite.config.ts, mantineStylesPerComponent)
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/focus.css';
import { startTransition } from 'react';
import { App } from './app/app';
import { type FirstScreen, firstScreenOf } from './app/first-screen';
import { registerServiceWorker } from './app/register-service-worker';
import { createAppRouter } from './app/router';
import { holdAnswersUntil } from './lib/api';
import { watchConnectivity } from './lib/connectivity';
import { nextTask, whenIdle } from './lib/deferred';
import { englishLater, startI18n } from './lib/i18n';
import { currentLanguage } from './lib/language';
import { queryClient } from './lib/query-client';
import { getSession } from './lib/session';
import { loadStylesheets } from './lib/stylesheets';
import { measureVitals } from './lib/vitals-start';

/**
 * Once the language in use has its strings (Arabic is loaded on demand: no English flash) and the
 * screens of the address are loaded, the app takes over #root (docs/decisions/0018). When the page's HTML already painted
 * this very screen (app/first-screen.ts), React hydrates it: it attaches to what is shown instead of
 * drawing it again. Otherwise it renders. Either is a transition: React works in slices of a few
 * milliseconds and lets the browser breathe in between (Lighthouse's total blocking time on a phone).
 */
async function start() {
  // the modules' evaluation is one task already (what it ran on a phone: bench/README.md,
  // "2026-12-02: the modules' first task"); the strings, the probe of the server and the service
  // worker are another, then the router and the rest
  await nextTask();
  const i18nReady = startI18n();
  watchConnectivity();
  registerServiceWorker();
  await nextTask();
  // The painted screen has its rules inline; the whole stylesheets (states, what the screen draws
  // once its data is in, other screens) load meanwhile, after the first paint, so that React never
  // draws anything without them (a grid drawn unstyled, then styled, would shift).
  const [router] = await Promise.all([createAppRouter(), i18nReady, loadStylesheets()]);
  // React DOM's renderer, evaluated in a task of its own: it is most of what the modules' first
  // evaluation cost on a phone (bench/README.md, "2026-12-02"); its chunk is already loaded
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  measureVitals(router);
  // the other screens' English strings, once the first screen is up: the next screen opens at once
  whenIdle(() => void englishLater(), 4000);
  const container = document.getElementById('root')!;
  const painted = container.dataset.firstScreen;
  const app = <App router={router} />;
  if (painted && painted === firstScreenOf(window.location.pathname, getSession(), currentLanguage())) {
    // a merchant's home: its data is asked for now, not by the hydration's effects
    if (painted.startsWith(`${'merchant' satisfies FirstScreen}-`))
      void import('./features/dashboard/home-queries').then((m) => m.prefetchMerchantHome(queryClient));
    startTransition(() => {
      hydrateRoot(container, app);
    });
    // React hydrates in slices, one task after another: the first idle moment is its end
    holdAnswersUntil(new Promise((resolve) => whenIdle(resolve, 1000)));
    return;
  }
  // another screen than the page guessed (or none): drawn anew
  container.replaceChildren();
  delete container.dataset.firstScreen;
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
