/**
 * The primitives of the form-data fields (fields.ts, field-formats.ts): blank means "not given",
 * numbers may arrive as strings, and a message is a key of `messages`.
 */
import { z } from 'zod';
import type { MessageKey } from './messages';

export const msg = (key: MessageKey) => ({ error: key });

/** '' / null / whitespace → undefined, strings trimmed. */
export const blankToUndefined = (v: unknown): unknown => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : t;
  }
  return v;
};

export const toNumber = (v: unknown): unknown => {
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
