/**
 * The console's strings, under `operator.` — loaded with the console's code, not with the merchant
 * app (its first load does not carry them). English is added at once; Arabic joins the Arabic
 * strings when they are there, or as soon as lib/i18n loads them (a switch to Arabic).
 */
import { i18n } from '../../lib/i18n';
import ar from './strings/ar.json';
import en from './strings/en.json';

const add = (lang: 'en' | 'ar') =>
  i18n.addResourceBundle(lang, 'translation', { operator: lang === 'ar' ? ar : en }, true, true);

add('en');
if (i18n.hasResourceBundle('ar', 'translation')) add('ar');
i18n.store.on('added', (lng: string) => {
  if (lng === 'ar' && !i18n.getResource('ar', 'translation', 'operator.console')) add('ar');
});

export const operatorStrings = { en, ar };
