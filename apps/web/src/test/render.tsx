/** Renders a screen with the app's providers in jsdom (Mantine in test mode: no transitions, no portals). */

import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach } from 'vitest';
import { theme } from '../app/theme';
import { englishLater } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

// every feature's English strings, as every screen but the first ones waits for them (app/routes.tsx)
await englishLater();

// Vitest runs without globals, so Testing Library cannot clean up by itself; toasts live in
// Mantine's store, outside any component.
afterEach(() => {
  cleanup();
  notifications.clean();
});

// jsdom lacks the layout APIs Mantine reads.
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
if (!('ResizeObserver' in window))
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

// Mantine's autosize textarea listens to font loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });

export interface RenderOptions {
  /** Shows the toasts (lib/toast) as the app does, outside the routes: they outlive the screen. */
  toasts?: boolean;
}

/**
 * Renders `element` at `url`, under the route `pattern` when it has parameters (`/offer/:id`);
 * returns the router (to leave the screen) and the query client.
 */
export const renderScreen = (element: ReactNode, url = '/', pattern = url, options: RenderOptions = {}) => {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  const client = createQueryClient();
  return {
    router,
    client,
    ...render(
      <MantineProvider theme={theme} env="test">
        {options.toasts && <Notifications />}
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
};
