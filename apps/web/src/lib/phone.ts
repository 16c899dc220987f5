/**
 * Phone numbers: a country selector (default Qatar, SPEC §9) plus the local number, validated for
 * that country with libphonenumber-js (the contract's rule too); the value sent is the number in
 * international form without the plus (`97455123456`). Letters are refused, not dropped: `55abc` is
 * "Invalid Phone Num", never `97455`.
 */
import type { MessageKey } from '@loyalty/contract';
import type { Language } from '@loyalty/contract/constants';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { z } from 'zod';
import { DEFAULT_COUNTRY } from './phone-country';

export { DEFAULT_COUNTRY };

export interface Country {
  iso: CountryCode;
  dial: string;
  /** The country's name in the language the list was made for. */
  name: string;
}

/** The GCC first (most numbers a merchant types), then every other country by its name. */
const PINNED: readonly CountryCode[] = ['QA', 'SA', 'AE', 'KW', 'BH', 'OM'];

const regionNames = new Map<Language, Intl.DisplayNames | null>();

/** One `Intl.DisplayNames` per language, made once: a list names some 240 countries. */
const countryName = (iso: string, lang: Language): string => {
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([lang], { type: 'region' }));
    } catch {
      regionNames.set(lang, null);
    }
  }
  try {
    return regionNames.get(lang)?.of(iso) ?? iso;
  } catch {
    return iso;
  }
};

const lists = new Map<Language, readonly Country[]>();

/** Every country libphonenumber-js knows, named in `lang` (Intl.DisplayNames), the GCC first. */
export const countriesIn = (lang: Language): readonly Country[] => {
  const cached = lists.get(lang);
  if (cached) return cached;
  const all = getCountries().map((iso) => ({ iso, dial: getCountryCallingCode(iso), name: countryName(iso, lang) }));
  const pinned = PINNED.flatMap((iso) => all.filter((c) => c.iso === iso));
  const rest = all.filter((c) => !PINNED.includes(c.iso)).sort((a, b) => a.name.localeCompare(b.name, lang));
  const list = [...pinned, ...rest];
  lists.set(lang, list);
  return list;
};

const asCountry = (iso: string): CountryCode => (isSupportedCountry(iso) ? iso : DEFAULT_COUNTRY);

export const dialCodeOf = (iso: string): string => getCountryCallingCode(asCountry(iso));

/** The dial code of a country libphonenumber-js knows, else null. */
export const countryDialCode = (iso: string): string | null =>
  isSupportedCountry(iso) ? getCountryCallingCode(iso) : null;

export const digitsOnly = (v: string): string => v.replace(/\D/g, '');

/** What may be typed in a phone number besides digits: spaces, dashes, dots, brackets, a leading +. */
const TYPED_PHONE = /^\+?[\d\s\-().]*$/;

const parse = (iso: string, number: string) =>
  TYPED_PHONE.test(number.trim()) ? parsePhoneNumberFromString(number.trim(), asCountry(iso)) : undefined;

/**
 * A number that exists in its country: only digits (and spaces, dashes, brackets, a leading +), of
 * a length and a beginning the country's numbering plan allows. `12`, `12ab`, `974`, `55abc` are not.
 */
export const isValidPhone = (iso: string, number: string): boolean => parse(iso, number)?.isValid() ?? false;

/** The value sent: the international number without the plus (`97455123456`). */
export const composePhone = (iso: string, number: string): string => {
  const parsed = parse(iso, number);
  return parsed ? parsed.number.slice(1) : `${dialCodeOf(iso)}${digitsOnly(number)}`;
};

/** Splits a stored number (`97455123456`) into its country and the national number, for editing. */
export const splitPhone = (full: string | null | undefined): { country: CountryCode; number: string } => {
  const digits = digitsOnly(full ?? '');
  if (!digits) return { country: DEFAULT_COUNTRY, number: '' };
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (parsed?.country) return { country: parsed.country, number: parsed.nationalNumber };
  // not a whole number (an old entry): the longest calling code it starts with, Qatar first
  const byCode = [DEFAULT_COUNTRY, ...getCountries()]
    .map((iso) => ({ iso, dial: getCountryCallingCode(iso) }))
    .sort((a, b) => b.dial.length - a.dial.length)
    .find((c) => digits.startsWith(c.dial));
  return byCode
    ? { country: byCode.iso, number: digits.slice(byCode.dial.length) }
    : { country: DEFAULT_COUNTRY, number: digits };
};

/** The two form fields of a phone input; wrap the form schema in `withPhoneRule`. */
export const phoneFields = {
  country: z.string(),
  number: z.string(),
};

/**
 * Adds the phone rule to a form schema with `country` and `number` fields, reported on `number`:
 * an empty number says `required` (login and registration: "Number is a required field", SPEC §5;
 * the employee forms: "Field is required"), anything else that is not a valid number of the chosen
 * country "Invalid Phone Num" (the profile: "Please enter valid mobile number", `invalid`). It runs even while other fields are still invalid (zod skips plain
 * object rules then), so the phone's message shows as soon as the phone is left.
 */
export const withPhoneRule = <T extends z.ZodType<{ country: string; number: string }>>(
  schema: T,
  options: { required?: MessageKey; invalid?: MessageKey } = {},
): T =>
  schema.superRefine(
    (v, ctx) => {
      if (v.number.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['number'], message: options.required ?? 'numberRequired' });
      else if (!isValidPhone(v.country, v.number))
        ctx.addIssue({ code: 'custom', path: ['number'], message: options.invalid ?? 'invalidPhone' });
    },
    {
      when: (payload) => {
        const v = payload.value as { country?: unknown; number?: unknown } | undefined;
        return typeof v?.country === 'string' && typeof v?.number === 'string';
      },
    },
  ) as T;
