/**
 * Whether this render may show what the page's HTML did not paint. While React hydrates the painted
 * first screen (main.tsx, app/first-screen.ts) a component must draw exactly what the build drew;
 * data that arrived meanwhile (the layout's `merchant/me`, fetched while a Suspense boundary below it
 * still waits its turn to hydrate) would draw something else: React reports a mismatch (#418) and
 * throws the painted screen away. `useHydrated()` answers false during hydration (the server
 * snapshot) and true on every other render, so the component draws its painted state first and its
 * data one render later. A screen drawn anew (createRoot) gets true at once: nothing waits.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
