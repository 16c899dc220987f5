import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <DirectionSync />
        <Notifications position="top-center" limit={3} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
