/**
 * The Arabic strings, a chunk of their own: lib/i18n.ts loads it when Arabic is in use or chosen,
 * so an English visit does not download them (bench/README.md, "First load").
 */
import arabicMessages from 'virtual:messages/ar';
import ar from '../locales/ar.json';
import { buildLanguage, type LocaleModules } from './i18n-resources';

const features = import.meta.glob<LocaleModules[string]>('../features/*/locales/ar.json', {
  eager: true,
  import: 'default',
});

export const arabic = buildLanguage('ar', ar, features, arabicMessages);
