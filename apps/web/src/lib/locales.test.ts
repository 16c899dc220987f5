import arabicMessages from 'virtual:messages/ar';
import englishMessages from 'virtual:messages/en';
import { messages } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { buildResources, flattenKeys, type LocaleTree, parseFeatureLocalePath } from './i18n-resources';

const all = import.meta.glob<LocaleTree>(['../locales/*.json', '../features/*/locales/*.json'], {
  eager: true,
  import: 'default',
});

/** Locale files by folder: { '../locales': { en, ar }, '../features/auth/locales': { en, ar } }. */
const byFolder = new Map<string, Record<string, LocaleTree>>();
for (const [path, tree] of Object.entries(all)) {
  const folder = path.slice(0, path.lastIndexOf('/'));
  const lang = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
  byFolder.set(folder, { ...byFolder.get(folder), [lang]: tree });
}

describe('locale files', () => {
  it('finds the app strings and the feature strings', () => {
    expect(byFolder.has('../locales')).toBe(true);
    expect([...byFolder.keys()].some((f) => f.includes('/features/'))).toBe(true);
  });

  for (const [folder, langs] of byFolder) {
    it(`${folder}: en.json and ar.json have the same keys`, () => {
      expect(Object.keys(langs).sort()).toEqual(['ar', 'en']);
      const en = flattenKeys(langs.en).sort();
      const ar = flattenKeys(langs.ar).sort();
      expect(
        ar.filter((k) => !en.includes(k)),
        'keys only in ar.json',
      ).toEqual([]);
      expect(
        en.filter((k) => !ar.includes(k)),
        'keys only in en.json',
      ).toEqual([]);
    });

    it(`${folder}: no empty strings`, () => {
      for (const lang of ['en', 'ar'])
        for (const key of flattenKeys(langs[lang])) {
          const value = key.split('.').reduce<unknown>((node, k) => (node as LocaleTree)[k], langs[lang]);
          expect(String(value).trim(), `${lang}:${key}`).not.toBe('');
        }
    });
  }

  it('every contract message has both languages', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.ar.trim(), key).not.toBe('');
    }
  });

  it('has the contract messages one language at a time (virtual:messages/<lang>)', () => {
    expect(Object.keys(englishMessages).sort()).toEqual(Object.keys(messages).sort());
    expect(Object.keys(arabicMessages).sort()).toEqual(Object.keys(messages).sort());
    for (const [key, text] of Object.entries(messages)) {
      expect(englishMessages[key], key).toBe(text.en);
      expect(arabicMessages[key], key).toBe(text.ar);
    }
  });
});

describe('buildResources', () => {
  const features = {
    '../features/auth/locales/en.json': { login: { title: 'Log in' } },
    '../features/auth/locales/ar.json': { login: { title: 'تسجيل الدخول' } },
  };

  it('puts feature strings under the feature folder and the messages under msg.', () => {
    const res = buildResources({ en: { common: { ok: 'OK' } }, ar: { common: { ok: 'حسناً' } } }, features, {
      en: englishMessages,
      ar: arabicMessages,
    });
    expect(res.en.translation.auth).toEqual({ login: { title: 'Log in' } });
    expect(res.ar.translation.auth).toEqual({ login: { title: 'تسجيل الدخول' } });
    expect((res.en.translation.msg as LocaleTree).chooseBranch).toBe(messages.chooseBranch.en);
    expect((res.ar.translation.msg as LocaleTree).invalidPhone).toBe(messages.invalidPhone.ar);
    expect(res.en.translation.common).toEqual({ ok: 'OK' });
  });

  it('refuses a feature that would hide app strings', () => {
    expect(() => buildResources({ en: { auth: 'x' }, ar: {} }, features, { en: {}, ar: {} })).toThrow(/auth/);
  });

  it('reads feature and language from a path', () => {
    expect(parseFeatureLocalePath('../features/static-pages/locales/ar.json')).toEqual({
      feature: 'static-pages',
      lang: 'ar',
    });
    expect(parseFeatureLocalePath('../locales/en.json')).toBeNull();
  });
});

describe('one spelling of "In progress" (issue 23)', () => {
  it('every inProgress label says In progress (قيد التنفيذ), and no string spells it otherwise', () => {
    const spellings = { en: new Set<string>(), ar: new Set<string>() };
    for (const [, langs] of byFolder)
      for (const lang of ['en', 'ar'] as const) {
        const walk = (node: LocaleTree, key: string) => {
          for (const [k, v] of Object.entries(node)) {
            if (typeof v === 'string') {
              if (k === 'inProgress') spellings[lang].add(v);
              if (lang === 'en' && /in ?progress/i.test(v)) expect(v, `${key}${k}`).toMatch(/\b(In|in) progress\b/);
              if (lang === 'en') expect(v, `${key}${k}`).not.toMatch(/on the way/i);
            } else walk(v, `${key}${k}.`);
          }
        };
        walk(langs[lang], '');
      }
    expect([...spellings.en]).toEqual(['In progress']);
    expect([...spellings.ar]).toEqual(['قيد التنفيذ']);
  });
});
