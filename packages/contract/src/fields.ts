/**
 * zod building blocks that read form data: every value may arrive as a string (multipart,
 * urlencoded), lists as `key[]` repeats or as JSON strings, and empty strings mean "not given".
 * Messages are keys of `messages`.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import type { MessageKey } from './messages';
import { isValidPhone, normalizePhone } from './phone';

const msg = (key: MessageKey) => ({ error: key });

/** '' / null / whitespace → undefined, strings trimmed. */
export const blankToUndefined = (v: unknown): unknown => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : t;
  }
  return v;
};

const toNumber = (v: unknown): unknown => {
  const b = blankToUndefined(v);
  if (typeof b === 'string') {
    const n = Number(b);
    return Number.isFinite(n) ? n : b;
  }
  return b;
};

/**
 * Makes a field optional where a blank form value also means "not given". (A plain `.optional()`
 * after a preprocess only skips `undefined`, so an empty string would still fail the inner schema.)
 */
export const blankOptional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Required text, trimmed. */
export const text = (required: MessageKey = 'required', max: number = LIMITS.textMax) =>
  z.preprocess(blankToUndefined, z.string(msg(required)).max(max, msg('tooLong')));

/** Optional text: blank means not given. */
export const optionalText = (max: number = LIMITS.textMax) =>
  z.preprocess(blankToUndefined, z.string(msg('invalidValue')).max(max, msg('tooLong')).optional());

/** A description of 30 to 300 characters (SPEC §5). */
export const description = (key: 'descriptionLength' | 'descriptionArLength') =>
  z.preprocess(
    blankToUndefined,
    z.string(msg(key)).min(LIMITS.descriptionMin, msg(key)).max(LIMITS.descriptionMax, msg(key)),
  );

export const optionalDescription = (key: 'descriptionLength' | 'descriptionArLength') =>
  z.preprocess(
    blankToUndefined,
    z.string(msg(key)).min(LIMITS.descriptionMin, msg(key)).max(LIMITS.descriptionMax, msg(key)).optional(),
  );

/** A whole number ≥ 0 (points, stock, counts). */
export const count = (required: MessageKey = 'required') =>
  z.preprocess(
    toNumber,
    z.number(msg(required)).int(msg('mustBeWholeNumber')).min(0, msg('mustBePositive')).max(1e9, msg('tooLong')),
  );

export const optionalCount = () =>
  z.preprocess(
    toNumber,
    z
      .number(msg('mustBeNumber'))
      .int(msg('mustBeWholeNumber'))
      .min(0, msg('mustBePositive'))
      .max(1e9, msg('tooLong'))
      .optional(),
  );

/** A price in dollars with at most two decimals, ≥ 0. */
export const price = (required: MessageKey = 'required') =>
  z.preprocess(
    toNumber,
    z
      .number(msg(required))
      .min(0, msg('mustBePositive'))
      .max(1e9, msg('tooLong'))
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, msg('invalidValue')),
  );

/** A price parsed as an integer, as the product update does (SPEC §5): "12.7" → 12. */
export const integerPrice = (required: MessageKey = 'required') =>
  z.preprocess(
    (v) => {
      const n = toNumber(v);
      return typeof n === 'number' ? Math.trunc(n) : n;
    },
    z.number(msg(required)).int().min(0, msg('mustBePositive')).max(1e9, msg('tooLong')),
  );

/** A positive database id. */
export const id = (required: MessageKey = 'required') =>
  z.preprocess(
    toNumber,
    z.number(msg(required)).int(msg('invalidId')).positive(msg('invalidId')).max(2147483647, msg('invalidId')),
  );

export const optionalId = () =>
  z.preprocess(
    toNumber,
    z
      .number(msg('invalidId'))
      .int(msg('invalidId'))
      .positive(msg('invalidId'))
      .max(2147483647, msg('invalidId'))
      .optional(),
  );

/** `true`/`false`/`1`/`0`/`on` from a form. */
export const bool = (required: MessageKey = 'required') =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (typeof b === 'string') {
        const s = b.toLowerCase();
        if (['true', '1', 'on', 'yes'].includes(s)) return true;
        if (['false', '0', 'off', 'no'].includes(s)) return false;
      }
      if (b === 1) return true;
      if (b === 0) return false;
      return b;
    },
    z.boolean(msg(required)),
  );

export const optionalBool = () => blankOptional(bool('invalidValue'));

/**
 * A list of ids sent as `key[]` repeats, an array, a JSON string ("[1,2]") or "1,2".
 * Returns unique ids in order.
 */
export const idList = (required: MessageKey) =>
  z.preprocess(
    (v) => {
      let value: unknown = v;
      if (typeof value === 'string') {
        const s = value.trim();
        if (s === '') return [];
        if (s.startsWith('[')) {
          try {
            value = JSON.parse(s);
          } catch {
            return s;
          }
        } else {
          value = s.split(',');
        }
      }
      if (typeof value === 'number') value = [value];
      if (!Array.isArray(value)) return value;
      const out: unknown[] = [];
      for (const item of value) {
        const n = toNumber(item);
        if (!out.includes(n)) out.push(n);
      }
      return out;
    },
    z
      .array(z.number(msg('invalidId')).int(msg('invalidId')).positive(msg('invalidId')), msg(required))
      .min(1, msg(required))
      .max(100, msg('tooLong')),
  );

/** An optional list of ids: absent, blank, `[]` or `"[]"` all mean "not given". */
export const optionalIdList = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (b === '[]' || (Array.isArray(b) && b.length === 0)) return undefined;
    return b;
  }, idList('invalidId').optional());

/**
 * A mobile number as the apps send it: the dial code and the number's digits (`97455123456`).
 * Spaces, dashes, dots, brackets and a leading + or 00 are dropped; letters are not (they make
 * the number invalid). Valid means a real number of its country (libphonenumber-js metadata).
 */
export const phone = (required: MessageKey = 'invalidPhone') =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' ? normalizePhone(b) : b;
    },
    z.string(msg(required)).refine(isValidPhone, msg('invalidPhone')),
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

/** Paging: pageNum is 1-based (0 is read as 1); limit defaults to the spec's 1000. */
export const paging = {
  pageNum: z.preprocess(
    toNumber,
    z
      .number(msg('invalidValue'))
      .int(msg('invalidValue'))
      .min(0, msg('invalidValue'))
      .max(1e6, msg('invalidValue'))
      .optional(),
  ),
  limit: z.preprocess(
    toNumber,
    z
      .number(msg('invalidValue'))
      .int(msg('invalidValue'))
      .min(1, msg('invalidValue'))
      .max(LIMITS.maxListLimit, msg('invalidValue'))
      .optional(),
  ),
};

export const oneOf = <T extends readonly [string, ...string[]]>(values: T, required: MessageKey = 'required') =>
  z.preprocess(blankToUndefined, z.enum(values, msg(required)));

/** Device fields the mobile clients send with login; read and ignored where unused. */
export const deviceFields = {
  deviceId: optionalText(200),
  deviceToken: optionalText(1000),
  lastLogin: optionalText(100),
};
