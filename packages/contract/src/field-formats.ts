/**
 * Form-data fields with a format of their own: phone numbers, numeric text, passwords, dates and
 * coordinates (re-exported by fields.ts, the one entry point).
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { blankOptional, blankToUndefined, msg, toNumber } from './field-base';
import type { MessageKey } from './messages';
import { isValidPhone, normalizePhone } from './phone';

/**
 * A mobile number as the apps send it: the dial code and the number's digits (`97455123456`).
 * Spaces, dashes, dots, brackets and a leading + or 00 are dropped; letters are not (they make
 * the number invalid). Valid means a real number of its country (libphonenumber-js metadata).
 */
export const phone = (required: MessageKey = 'invalidPhone', invalid: MessageKey = 'invalidPhone') =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' ? normalizePhone(b) : b;
    },
    z.string(msg(required)).refine(isValidPhone, msg(invalid)),
  );

export const optionalPhone = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? normalizePhone(b) : b;
  }, z.string(msg('invalidPhone')).refine(isValidPhone, msg('invalidPhone')).optional());

/** Digits a search may contain (part of a mobile number). */
export const optionalPhoneSearch = () =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' ? normalizePhone(b) : b;
    },
    z
      .string()
      .regex(/^\d{1,15}$/, msg('mustBeNumeric'))
      .optional(),
  );

/** Numeric-only text such as a branch phone (SPEC §5: phone inputs numeric). */
export const numericText = (required: MessageKey = 'required') =>
  z.preprocess(blankToUndefined, z.string(msg(required)).regex(/^\+?\d{3,15}$/, msg('mustBeNumeric')));
export const optionalNumericText = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\+?\d{3,15}$/, msg('mustBeNumeric'))
      .optional(),
  );

/**
 * A new password: 8 to 128 characters, not only spaces, no control characters (docs/security.md).
 * The server also refuses the most common passwords.
 */
export const password = (required: MessageKey = 'passwordRequired') =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string(msg(required))
      .min(LIMITS.passwordMin, msg('passwordTooShort'))
      .max(LIMITS.passwordMax, msg('tooLong'))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      .refine((p) => !/[\u0000-\u001f\u007f-\u009f]/.test(p), msg('passwordControlChars'))
      .refine((p) => p.trim().length > 0, msg('passwordBlank')),
  );

/** Any password as typed at login (no length rule, so old accounts can still log in). */
export const loginPassword = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string(msg('passwordRequired')).max(LIMITS.passwordMax, msg('tooLong')),
  );

/**
 * A calendar date sent as YYYY-MM-DD (add) or MM/DD/YYYY (update); both are accepted everywhere
 * (SPEC §5). Output is always YYYY-MM-DD.
 */
export const parseDate = (v: string): string | undefined => {
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(v);
  if (match) {
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  } else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
    if (!match) return undefined;
    m = Number(match[1]);
    d = Number(match[2]);
    y = Number(match[3]);
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

export const date = (required: MessageKey = 'required') =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (b instanceof Date) return Number.isNaN(b.getTime()) ? 'invalid' : b.toISOString().slice(0, 10);
      if (typeof b !== 'string') return b;
      return parseDate(b) ?? 'invalid';
    },
    z.string(msg(required)).regex(/^\d{4}-\d{2}-\d{2}$/, msg('invalidDate')),
  );

export const optionalDate = () => blankOptional(date('invalidDate'));

export const latitude = () =>
  z.preprocess(
    toNumber,
    z.number(msg('invalidLatitude')).min(-90, msg('invalidLatitude')).max(90, msg('invalidLatitude')),
  );
export const longitude = () =>
  z.preprocess(
    toNumber,
    z.number(msg('invalidLongitude')).min(-180, msg('invalidLongitude')).max(180, msg('invalidLongitude')),
  );
