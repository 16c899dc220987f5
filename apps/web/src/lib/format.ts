/**
 * Numbers, money, points and dates formatted for the current language (DECISIONS §6).
 * Arabic uses Arabic month names and separators with Latin digits, so amounts, phone numbers and
 * codes read the same way across the app; change `ARABIC_LOCALE` to 'ar' for Arabic-Indic digits.
 */
import { type Language, pointsToCash } from '@loyalty/contract';
import { currentLanguage } from './language';

const ARABIC_LOCALE = 'ar-u-nu-latn';
export const intlLocale = (lang: Language = currentLanguage()) => (lang === 'ar' ? ARABIC_LOCALE : 'en-GB');

export const formatNumber = (n: number, lang?: Language, maxDecimals = 2): string =>
  new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: maxDecimals }).format(n);

/** Prices are in dollars (SPEC §1): `$12.50` in English, `12.50 $` in Arabic. */
export const formatPrice = (n: number, lang: Language = currentLanguage()): string => {
  const amount = new Intl.NumberFormat(intlLocale(lang), {
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(n);
  return lang === 'ar' ? `${amount} $` : `$${amount}`;
};

/** Points carry a P suffix (SPEC §1): `1,250 P`. */
export const formatPoints = (n: number, lang?: Language): string => `${formatNumber(n, lang, 0)} P`;

/** The cash value of points (points / 5, SPEC §9), as a plain number for a "Qatar Riyal" label. */
export const formatCash = (points: number, lang?: Language): string => formatNumber(pointsToCash(points), lang, 2);

const toDate = (value: string | number | Date): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare calendar date is a local date, not UTC midnight (which shows as the day before in the Americas).
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** `07 October 2025` / `07 أكتوبر 2025`. */
export const formatDate = (value: string | number | Date | null | undefined, lang?: Language): string => {
  const d = value === null || value === undefined ? null : toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), { day: '2-digit', month: 'long', year: 'numeric' }).format(d);
};

export const formatDateTime = (value: string | number | Date | null | undefined, lang?: Language): string => {
  const d = value === null || value === undefined ? null : toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
};
