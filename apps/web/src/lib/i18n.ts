import type { Language } from '@loyalty/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { buildResources, type LocaleModules } from './i18n-resources';
import { applyDocumentLanguage, currentLanguage, storeLanguage } from './language';

const featureLocales = import.meta.glob<LocaleModules[string]>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

const initial = currentLanguage();
applyDocumentLanguage(initial);

void i18n.use(initReactI18next).init({
  resources: buildResources({ en, ar }, featureLocales),
  lng: initial,
  fallbackLng: 'en',
  // Server messages may contain ':' and '.', so keys are never split on ':'.
  nsSeparator: false,
  interpolation: { escapeValue: false },
});

/** Switches the language everywhere: i18next, localStorage and `<html lang dir>`. */
export const setLanguage = (lang: Language) => {
  storeLanguage(lang);
  applyDocumentLanguage(lang);
  void i18n.changeLanguage(lang);
};

/** Translates an i18n key, or a contract message key as `msg.<key>`; any other text is shown as it is. */
export const translate = (keyOrText: string): string => {
  if (!keyOrText) return '';
  if (i18n.exists(`msg.${keyOrText}`)) return i18n.t(`msg.${keyOrText}`);
  if (i18n.exists(keyOrText)) return i18n.t(keyOrText);
  return keyOrText;
};

export { i18n };
