// Mantine's base layers; each component's styles come with its code (vite.config.ts, mantineStylesPerComponent)
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/focus.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { registerServiceWorker } from './app/register-service-worker';
import { router } from './app/router';
import { watchConnectivity } from './lib/connectivity';
import { i18nReady } from './lib/i18n';

// once the language in use has its strings (Arabic is loaded on demand): no English flash
// The first render is a transition: React renders it in slices of a few milliseconds and lets the
// browser breathe in between, instead of one long task (Lighthouse's total blocking time on a phone).
void i18nReady.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
});

registerServiceWorker();
watchConnectivity();
