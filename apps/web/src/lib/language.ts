import { DEFAULTS, LANGUAGES, type Language, STORAGE_KEYS } from '@loyalty/contract/constants';

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/** The language the user chose, or null before the first choice (the root entry reads this). */
export const getStoredLanguage = (): Language | null => {
  try {
    const v = window.localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
};

/** The language in use: the stored choice, else the default (en). */
export const currentLanguage = (): Language => getStoredLanguage() ?? DEFAULTS.language;

export const storeLanguage = (lang: Language) => {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, lang);
  } catch {
    // storage unavailable (private mode): the choice lasts for this visit only
  }
};

export const directionOf = (lang: Language): 'ltr' | 'rtl' => (lang === 'ar' ? 'rtl' : 'ltr');

/** Keeps `<html lang dir>` in step with the language. */
export const applyDocumentLanguage = (lang: Language) => {
  const html = document.documentElement;
  const dir = directionOf(lang);
  // written only when they change: the page's script set them already, and setting `dir` even to
  // the same value has the browser recompute the whole document's styles (bench/README.md, "2026-12-02")
  if (html.lang !== lang) html.lang = lang;
  if (html.dir !== dir) html.dir = dir;
};
