/**
 * zod building blocks that read form data: every value may arrive as a string (multipart,
 * urlencoded), lists as `key[]` repeats or as JSON strings, and empty strings mean "not given".
 * Messages are keys of `messages`.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { blankOptional, blankToUndefined, msg, toNumber } from './field-base';
import type { MessageKey } from './messages';

export { blankOptional, blankToUndefined } from './field-base';
export * from './field-formats';

/**
 * A name a person gives (a merchant's business name): required, trimmed, at most `max` characters and
 * with at least one letter; anything else is "Please enter valid name" (SPEC §5's generic message).
 */
export const displayName = (required: MessageKey = 'nameRequired', max: number = 100) =>
  z.preprocess(
    blankToUndefined,
    z
      .string(msg(required))
      .max(max, msg('enterValidName'))
      .refine((v) => /\p{L}/u.test(v), msg('enterValidName')),
  );

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

/** A whole number ≥ `min` (points, stock, counts: 0; an amount to move: 1). */
export const count = (required: MessageKey = 'required', min = 0) =>
  z.preprocess(
    toNumber,
    z.number(msg(required)).int(msg('mustBeWholeNumber')).min(min, msg('mustBePositive')).max(1e9, msg('tooLong')),
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
