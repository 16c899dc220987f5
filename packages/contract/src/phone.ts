/**
 * Mobile numbers, one rule for the server and the web app: digits of the dial code and the number
 * (`97455123456`), valid for their country by libphonenumber-js's metadata.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Drops spaces, dashes, dots, brackets and a leading + or 00; keeps anything else (letters stay and fail). */
export const normalizePhone = (v: string): string => v.replace(/[\s\-().]/g, '').replace(/^(\+|00)/, '');

/** True when the digits are a valid number of the country their dial code names. */
export const isValidPhone = (digits: string): boolean => {
  if (!/^\d{6,15}$/.test(digits)) return false;
  return parsePhoneNumberFromString(`+${digits}`)?.isValid() === true;
};
