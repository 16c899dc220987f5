/**
 * The phone input's default country and its dial code, without libphonenumber-js: the sign-in
 * screen draws its phone input with them before the numbering plans (lib/phone) and the country
 * list load, after the first paint (components/phone-input.tsx, bench/README.md "First load").
 * lib/phone.test.ts checks them against libphonenumber-js.
 */
import { DEFAULTS } from '@loyalty/contract/constants';
import type { CountryCode } from 'libphonenumber-js';

/** Qatar (SPEC §9). */
export const DEFAULT_COUNTRY: CountryCode = DEFAULTS.phoneCountry;

/** Qatar's calling code. */
export const DEFAULT_DIAL_CODE = '974';
