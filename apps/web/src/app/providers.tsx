import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { BUILT_APP_IN_BROWSER } from '../lib/built-app';
import { whenIdle } from '../lib/deferred';
import { i18n } from '../lib/i18n';
import { currentLanguage, directionOf } from '../lib/language';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/** Mantine's direction follows the language (Arabic is fully right-to-left). */
function DirectionSync() {
  const { setDirection } = useDirection();
  useEffect(() => {
    const onChange = (lang: string) => setDirection(directionOf(lang === 'ar' ? 'ar' : 'en'));
    onChange(i18n.language);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [setDirection]);
  return null;
}

const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

/**
 * The toasts' container (Mantine's Notifications: its transitions and styles) loads once the page
 * is idle or when the first toast is shown, whichever comes first; a toast shown before it is kept
 * by Mantine's store and appears when the container mounts.
 */
function DeferredToasts() {
  const [ready, setReady] = useState(false);
  const pending = useNotifications().notifications.length > 0;
  if (pending && !ready) setReady(true);
  useEffect(() => (ready ? undefined : whenIdle(() => startTransition(() => setReady(true)))), [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
        // the built app's theme variables and hiddenFrom/visibleFrom classes come from its build (its
        // renderer draws them, the build moves them into the page's head: build/first-screen-html.ts),
        // not again at each render, nor as a <style> in the body
        withCssVariables={!BUILT_APP_IN_BROWSER}
        withGlobalClasses={!BUILT_APP_IN_BROWSER}
      >
        <DirectionSync />
        <DeferredToasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
