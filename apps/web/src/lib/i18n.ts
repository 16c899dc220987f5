import englishMessages from 'virtual:messages/en';
import type { Language } from '@loyalty/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { BUILT_APP_IN_BROWSER } from './built-app';
import { buildLanguage, type LocaleModules, parseFeatureLocalePath } from './i18n-resources';
import { applyDocumentLanguage, currentLanguage, storeLanguage } from './language';

// English is bundled with the app (it is also the fallback): the app's strings and those of the
// first screens' features (build/chunks.ts, FIRST_SCREENS); the other features' come with
// `englishLater`. Arabic loads whole when it is used.
const englishFeatures = import.meta.glob<LocaleModules[string]>('../features/{auth,dashboard}/locales/en.json', {
  eager: true,
  import: 'default',
});

const initial = currentLanguage();
let ready: Promise<void> | undefined;

/**
 * Sets i18next up with English and the language in use (once), and resolves once that language has
 * its strings; main.tsx renders the app after it, so an Arabic page never shows English first.
 * Should the Arabic chunk fail to load, the app still renders (in English, the fallback).
 * In the built app, main.tsx calls it in a task of its own, not while the modules are evaluated
 * (bench/README.md, "2026-12-02: the modules' first task"); elsewhere (the dev server, the
 * unit tests, the build's renderer) this module calls it itself.
 */
export const startI18n = (): Promise<void> => {
  if (ready) return ready;
  applyDocumentLanguage(initial);
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: buildLanguage('en', en, englishFeatures, englishMessages) } },
    lng: initial,
    fallbackLng: 'en',
    // Server messages may contain ':' and '.', so keys are never split on ':'.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    // ready when init returns (the strings are here): the first render, and the hydration of the
    // screen the HTML painted (main.tsx), never waits for a timer
    initAsync: false,
  });
  ready = loadLanguage(initial).catch((e: unknown) => {
    console.warn('The strings of the language could not be loaded', e);
  });
  return ready;
};

let laterEnglish: Promise<void> | undefined;

/**
 * The English strings of the screens after the first ones (lib/locale-en-later.ts), added once:
 * every screen but the first ones and every menu sheet wait for them (app/routes.tsx, app/menu.tsx),
 * and main.tsx fetches them once the first screen is up. A failed fetch resolves too (the screen
 * then shows keys) and is tried again by the next screen.
 */
export const englishLater = (): Promise<void> =>
  (laterEnglish ??= import('./locale-en-later').then(
    ({ later }) => {
      for (const [path, strings] of Object.entries(later)) {
        const parsed = parseFeatureLocalePath(path);
        if (parsed) i18n.addResourceBundle('en', 'translation', { [parsed.feature]: strings }, true, true);
      }
    },
    (e: unknown) => {
      laterEnglish = undefined;
      console.warn('The strings of the other screens could not be loaded', e);
    },
  ));

/** Adds a language's strings to i18next once (Arabic: its own chunk, lib/locale-ar.ts). */
const loadLanguage = async (lang: Language): Promise<void> => {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const { arabic } = await import('./locale-ar');
  i18n.addResourceBundle(lang, 'translation', arabic);
};

let wanted: Language = initial;

/**
 * Switches the language everywhere: i18next, localStorage and `<html lang dir>`, once its strings
 * are loaded (the page changes language and direction at once). Of quick successive choices, the
 * last one wins.
 */
export const setLanguage = async (lang: Language): Promise<void> => {
  void startI18n();
  wanted = lang;
  storeLanguage(lang);
  await loadLanguage(lang);
  if (wanted !== lang) return;
  applyDocumentLanguage(lang);
  await i18n.changeLanguage(lang);
};

/** Translates an i18n key, or a contract message key as `msg.<key>`; any other text is shown as it is. */
export const translate = (keyOrText: string): string => {
  if (!keyOrText) return '';
  if (i18n.exists(`msg.${keyOrText}`)) return i18n.t(`msg.${keyOrText}`);
  if (i18n.exists(keyOrText)) return i18n.t(keyOrText);
  return keyOrText;
};

if (!BUILT_APP_IN_BROWSER) void startI18n();

export { i18n };
