/**
 * Builds the i18next resources: the app strings (`src/locales/<lang>.json`) at the root, each
 * feature's `src/features/<feature>/locales/<lang>.json` under the feature's folder name (so
 * `features/auth/locales/en.json` → `t('auth.…')`), and the contract's messages under `msg.`
 * (`virtual:messages/<lang>`, vite.config.ts: the texts of one language).
 * English is bundled with the app (lib/i18n.ts); Arabic is a chunk of its own (lib/locale-ar.ts).
 */
import { LANGUAGES, type Language } from '@loyalty/contract/constants';

export type LocaleTree = { [key: string]: string | LocaleTree };
export type LocaleModules = Record<string, LocaleTree>;

/** `../features/auth/locales/en.json` → { feature: 'auth', lang: 'en' }. */
export const parseFeatureLocalePath = (path: string): { feature: string; lang: string } | null => {
  const m = /features\/([^/]+)\/locales\/([a-z]{2})\.json$/.exec(path);
  return m ? { feature: m[1], lang: m[2] } : null;
};

/** One language's tree: its app strings, its feature files (others are skipped) and the contract's messages in it. */
export const buildLanguage = (
  lang: Language,
  app: LocaleTree,
  features: LocaleModules,
  messages: Record<string, string>,
): LocaleTree => {
  const tree: LocaleTree = { ...app };
  for (const [path, strings] of Object.entries(features)) {
    const parsed = parseFeatureLocalePath(path);
    if (!parsed || parsed.lang !== lang) continue;
    if (parsed.feature in tree) throw new Error(`Locale namespace "${parsed.feature}" is used twice`);
    tree[parsed.feature] = strings;
  }
  if ('msg' in tree) throw new Error('Locale namespace "msg" is reserved for the contract messages');
  tree.msg = { ...messages };
  return tree;
};

export const buildResources = (
  app: Partial<Record<Language, LocaleTree>>,
  features: LocaleModules,
  messages: Record<Language, Record<string, string>>,
): Record<Language, { translation: LocaleTree }> => {
  const out = {} as Record<Language, { translation: LocaleTree }>;
  for (const lang of LANGUAGES)
    out[lang] = { translation: buildLanguage(lang, app[lang] ?? {}, features, messages[lang]) };
  return out;
};

/** Every leaf key of a tree, dotted (`auth.login.title`). */
export const flattenKeys = (tree: LocaleTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flattenKeys(v, `${prefix}${k}.`),
  );
