import { currentLanguage } from './language';

type ArabicVariant<K extends string> = `${K}Ar`;

/**
 * The Arabic variant of an entity field in the Arabic UI (`titleAr`, `nameAr`, `descriptionAr`,
 * `addressAr`), falling back to the English one when it is empty (docs/architecture.md, web).
 */
export const localized = <K extends string>(
  entity: { [P in K]?: string | null } & { [P in ArabicVariant<K>]?: string | null },
  field: K,
  lang = currentLanguage(),
): string => {
  const english = entity[field] ?? '';
  if (lang !== 'ar') return english;
  const arabic = (entity as Record<string, string | null | undefined>)[`${field}Ar`];
  return arabic?.trim() ? arabic : english;
};
