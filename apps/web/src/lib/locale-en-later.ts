/**
 * The English strings of every feature but the first screens' (auth, dashboard): a chunk of its
 * own, so the sign-in screen and the home do not download the other screens' texts (bench/README.md,
 * "First load"). lib/i18n.ts `englishLater` adds them; every other screen and sheet waits for it.
 */
import type { LocaleModules } from './i18n-resources';

export const later = import.meta.glob<LocaleModules[string]>(
  ['../features/*/locales/en.json', '!../features/{auth,dashboard}/locales/en.json'],
  { eager: true, import: 'default' },
);
