/**
 * The one place that turns numbers, money, points and dates into text for the current language
 * (docs/architecture.md, web), through `Intl` (numbers through lib/digits.ts, which writes what
 * Intl would without its first call's cost). Arabic uses Arabic month names and separators with Latin
 * digits, so amounts, phone numbers and codes read the same way across the app; change
 * `ARABIC_LOCALE` to 'ar' for Arabic-Indic digits.
 *
 * Amounts follow the language's own order (CLDR): `$12.50` in English, `12.50 $` (number first,
 * read right to left) in Arabic, where the text also starts with a right-to-left mark so that it
 * keeps that order wherever it lands. Show them with `<Amount>` (components/bidi), which isolates
 * them in the language's direction, so every screen draws the same amount the same way.
 */
import { type Language, pointsToCash } from '@loyalty/contract/constants';
import { groupedDigits } from './digits';
import { currentLanguage } from './language';

const ARABIC_LOCALE = 'ar-u-nu-latn';
/** Right-to-left mark: an Arabic amount starts with it, so it is read right to left anywhere. */
export const RLM = '\u200f';
/** Left-to-right mark: a negative amount starts with it in Arabic, so it keeps `-$4.75` anywhere. */
export const LRM = '\u200e';
/** The business runs in Qatar (UTC+3): "today" is Qatar's today (issue 8). */
export const BUSINESS_TIME_ZONE = 'Asia/Qatar';

export const intlLocale = (lang: Language = currentLanguage()) => (lang === 'ar' ? ARABIC_LOCALE : 'en-GB');

/**
 * Intl formatters are costly to make (the first of a locale loads its data) and hold no state: one
 * is made per locale and options and kept (a dashboard formats dozens of numbers as it opens).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
const kept = <T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T => {
  const found = formatters.get(key) as T | undefined;
  if (found) return found;
  const made = make();
  formatters.set(key, made);
  return made;
};
const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  kept(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  kept(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** SPEC §1 labels the cash value of points "Qatar Riyal". */
const CASH_LABEL: Record<Language, string> = { en: 'Qatar Riyal', ar: 'ريال قطري' };

/** `1,234.5`; a negative is `-1,234.5`, in Arabic after a left-to-right mark, as Intl writes it. */
export const formatNumber = (n: number, lang: Language = currentLanguage(), maxDecimals = 2): string => {
  // without Intl where lib/digits.ts gives the same text: the first Intl.NumberFormat is costly
  const digits = groupedDigits(n, 0, maxDecimals);
  if (digits === null) return numberFormat(intlLocale(lang), { maximumFractionDigits: maxDecimals }).format(n);
  return n < 0 ? `${lang === 'ar' ? LRM : ''}-${digits}` : digits;
};

/**
 * Formats with Intl's currency pattern for the language, putting `symbol` where the currency goes.
 * Spaces become plain spaces (`<Amount>` keeps the amount on one line) and Intl's own direction
 * marks give way to one leading RLM in Arabic, so the text is the same in every browser.
 */
const currency = (
  n: number,
  lang: Language,
  code: string,
  display: 'narrowSymbol' | 'name',
  symbol: string,
): string => {
  const digits = groupedDigits(n, Number.isInteger(n) ? 0 : 2, 2);
  if (digits !== null) {
    // Intl's patterns: `$12.50` and `12.50 Qatar Riyal` in English, the number first in Arabic
    const sign = n < 0 ? '-' : '';
    const text =
      lang === 'en' && display === 'narrowSymbol' ? `${sign}${symbol}${digits}` : `${sign}${digits} ${symbol}`;
    return lang === 'ar' ? `${RLM}${text}` : text;
  }
  const parts = numberFormat(intlLocale(lang), {
    style: 'currency',
    currency: code,
    currencyDisplay: display,
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
    maximumFractionDigits: 2,
  }).formatToParts(n);
  const text = parts
    .map((p) => (p.type === 'currency' ? symbol : p.value))
    .join('')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return lang === 'ar' ? `${RLM}${text}` : text;
};

/**
 * Prices are in dollars (SPEC §1): `$12.50`, `$1,200` in English; `12.50 $` in Arabic. A negative
 * amount (a refund line) reads `-$4.75` in both languages (issue 23): the sign, then the symbol,
 * then the number, left to right; in Arabic marked left-to-right so it keeps that order in a
 * right-to-left line (Intl's Arabic pattern put the sign after the number once shown).
 */
export const formatPrice = (n: number, lang: Language = currentLanguage()): string => {
  if (n >= 0 || Number.isNaN(n)) return currency(n, lang, 'USD', 'narrowSymbol', '$');
  const decimals = Number.isInteger(n) ? 0 : 2;
  const digits =
    groupedDigits(-n, decimals, 2) ??
    numberFormat(intlLocale(lang), { minimumFractionDigits: decimals, maximumFractionDigits: 2 }).format(-n);
  const text = `-$${digits}`;
  return lang === 'ar' ? `${LRM}${text}` : text;
};

/** Left-to-right isolate and its end: a signed number inside Arabic text keeps its sign on the left of its digits. */
const LRI = '\u2066';
const PDI = '\u2069';
/** The minus sign (U+2212), not the hyphen. */
const MINUS = '\u2212';

/**
 * Points with the P suffix (SPEC §1): `1,250 P`, `−20 P`, and with `signed` a plus for a gain
 * (`+2,000 P`, the points history). In Arabic the unit follows the number in reading order, like a
 * currency (`20 P` reads right to left, the P at the left), and a signed number is isolated left to
 * right so that its sign stays on the left of its digits (`P −20`, never `P 20−`).
 */
export const formatPoints = (
  n: number,
  lang: Language = currentLanguage(),
  options: { signed?: boolean } = {},
): string => {
  const sign = n < 0 ? MINUS : options.signed && n > 0 ? '+' : '';
  const digits = formatNumber(Math.abs(n), lang, 0);
  if (lang !== 'ar') return `${sign}${digits} P`;
  return sign ? `${RLM}${LRI}${sign}${digits}${PDI} P` : `${RLM}${digits} P`;
};

/** The cash value of points (points / 5, SPEC §9) in Qatar Riyal: `200 Qatar Riyal`, `1.40 Qatar Riyal`. */
export const formatCash = (points: number, lang: Language = currentLanguage()): string =>
  currency(pointsToCash(points), lang, 'QAR', 'name', CASH_LABEL[lang]);

const toDate = (value: string | number | Date): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare calendar date is a local date, not UTC midnight (which shows as the day before in the Americas).
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A calendar date or a moment: `07 October 2025` / `07 أكتوبر 2025`. */
export const formatDate = (value: string | number | Date | null | undefined, lang?: Language): string => {
  const d = value === null || value === undefined || value === '' ? null : toDate(value);
  if (!d) return '';
  return dateTimeFormat(intlLocale(lang), { day: '2-digit', month: 'long', year: 'numeric' }).format(d);
};

/** A moment with its time, in the business time zone: `7 Oct 2025, 13:00`. */
export const formatDateTime = (value: string | number | Date | null | undefined, lang?: Language): string => {
  const d = value === null || value === undefined || value === '' ? null : toDate(value);
  if (!d) return '';
  return dateTimeFormat(intlLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(d);
};

/** Today's calendar date in Qatar as `YYYY-MM-DD` (the form the contract sends dates in). */
export const todayIso = (now: Date = new Date()): string =>
  dateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** A valid calendar date typed as `YYYY-MM-DD`, or null. */
export const parseIsoDate = (value: string): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    ? m[0]
    : null;
};

/**
 * User content inside a translated sentence ("Welcome, {{name}}"): wrapped in first-strong
 * isolate marks, the text equivalent of `<bdi>`, so an English name keeps its punctuation in an
 * Arabic sentence and the other way round.
 */
export const isolate = (text: string | null | undefined): string => (text ? `\u2068${text}\u2069` : '');

/** `YYYY-MM-DD` → `MM/DD/YYYY`, the format the offer update sends (SPEC §5); anything else is left as it is. */
export const toUsDate = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
};

/** A percentage given as a number of percent (`12.5` → `12.5%`). */
export const formatPercent = (percent: number, lang: Language = currentLanguage()): string => {
  const text = numberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 })
    .format(percent / 100)
    .replace(/[\u200e\u200f\u061c]/g, '');
  return lang === 'ar' ? `${RLM}${text}` : text;
};
