/**
 * Phone numbers: a country selector (default Qatar, SPEC §9) plus the local number; the value sent
 * is the dial code followed by the number's digits (`97455123456`).
 */
import { DEFAULTS, LIMITS } from '@loyalty/contract';
import { z } from 'zod';

export interface Country {
  iso: string;
  dial: string;
  en: string;
  ar: string;
}

/** The GCC first, then neighbours and common origins of staff. */
export const COUNTRIES: readonly Country[] = [
  { iso: 'QA', dial: '974', en: 'Qatar', ar: 'قطر' },
  { iso: 'SA', dial: '966', en: 'Saudi Arabia', ar: 'السعودية' },
  { iso: 'AE', dial: '971', en: 'United Arab Emirates', ar: 'الإمارات' },
  { iso: 'KW', dial: '965', en: 'Kuwait', ar: 'الكويت' },
  { iso: 'BH', dial: '973', en: 'Bahrain', ar: 'البحرين' },
  { iso: 'OM', dial: '968', en: 'Oman', ar: 'عُمان' },
  { iso: 'EG', dial: '20', en: 'Egypt', ar: 'مصر' },
  { iso: 'JO', dial: '962', en: 'Jordan', ar: 'الأردن' },
  { iso: 'LB', dial: '961', en: 'Lebanon', ar: 'لبنان' },
  { iso: 'IQ', dial: '964', en: 'Iraq', ar: 'العراق' },
  { iso: 'SY', dial: '963', en: 'Syria', ar: 'سوريا' },
  { iso: 'PS', dial: '970', en: 'Palestine', ar: 'فلسطين' },
  { iso: 'TR', dial: '90', en: 'Turkey', ar: 'تركيا' },
  { iso: 'IN', dial: '91', en: 'India', ar: 'الهند' },
  { iso: 'PK', dial: '92', en: 'Pakistan', ar: 'باكستان' },
  { iso: 'BD', dial: '880', en: 'Bangladesh', ar: 'بنغلاديش' },
  { iso: 'PH', dial: '63', en: 'Philippines', ar: 'الفلبين' },
  { iso: 'GB', dial: '44', en: 'United Kingdom', ar: 'المملكة المتحدة' },
  { iso: 'US', dial: '1', en: 'United States', ar: 'الولايات المتحدة' },
];

export const DEFAULT_COUNTRY = DEFAULTS.phoneCountry;

export const dialCodeOf = (iso: string): string => COUNTRIES.find((c) => c.iso === iso)?.dial ?? '';

export const digitsOnly = (v: string): string => v.replace(/\D/g, '');

/** The value sent: dial code + the number's digits (a leading 0 of the local number is kept as typed). */
export const composePhone = (iso: string, number: string): string => `${dialCodeOf(iso)}${digitsOnly(number)}`;

/**
 * SPEC §5: the phone must be at least 5 characters and longer than the dial code alone,
 * else "Invalid Phone Num".
 */
export const isValidPhone = (full: string, dialCode: string): boolean => {
  const digits = digitsOnly(full);
  return digits.length >= LIMITS.phoneMin && digits.length > dialCode.length && digits.length <= 15;
};

/** Splits a stored number (`97455123456`) into a country and the local digits, for editing. */
export const splitPhone = (full: string | null | undefined): { country: string; number: string } => {
  const digits = digitsOnly(full ?? '');
  const match = [...COUNTRIES].sort((a, b) => b.dial.length - a.dial.length).find((c) => digits.startsWith(c.dial));
  if (!match) return { country: DEFAULT_COUNTRY, number: digits };
  return { country: match.iso, number: digits.slice(match.dial.length) };
};

/** The two form fields of a phone input; wrap the form schema in `withPhoneRule`. */
export const phoneFields = {
  country: z.string(),
  number: z.string(),
};

/**
 * Adds SPEC §5's phone rule to a form schema with `country` and `number` fields, reported on
 * `number` as 'invalidPhone'. It runs even while other fields are still invalid (zod skips plain
 * object refinements then), so the phone error shows as soon as the phone is left.
 */
export const withPhoneRule = <T extends z.ZodType<{ country: string; number: string }>>(schema: T): T =>
  schema.refine((v) => isValidPhone(composePhone(v.country, v.number), dialCodeOf(v.country)), {
    path: ['number'],
    message: 'invalidPhone',
    when: (payload) => {
      const v = payload.value as { country?: unknown; number?: unknown } | undefined;
      return typeof v?.country === 'string' && typeof v?.number === 'string';
    },
  });
