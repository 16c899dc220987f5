// Mantine's base layers; each component's styles come with its code (vite.config.ts, mantineStylesPerComponent)
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { registerServiceWorker } from './app/register-service-worker';
import { router } from './app/router';
import { watchConnectivity } from './lib/connectivity';
import { i18nReady } from './lib/i18n';

// once the language in use has its strings (Arabic is loaded on demand): no English flash
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

registerServiceWorker();
watchConnectivity();
