import { afterEach, describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import { i18n, setLanguage } from './i18n';

describe('setLanguage', () => {
  afterEach(() => setLanguage('en'));

  it('keeps the last of quick successive choices, though Arabic loads later than English', async () => {
    await Promise.all([setLanguage('ar'), setLanguage('en')]);
    expect(i18n.language).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('loads the Arabic strings (their own chunk) and turns the page right-to-left with them', async () => {
    await setLanguage('ar');
    expect(i18n.language).toBe('ar');
    expect(i18n.t('common.continue')).toBe(ar.common.continue);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
