import { StrictMode } from 'react';
import { type DataRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './providers';

/**
 * The whole app around a router: what main.tsx renders or hydrates in the browser and what the build
 * renders into the page's first screens (src/prerender.tsx), so both make the same tree.
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
