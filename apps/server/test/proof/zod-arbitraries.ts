/**
 * fast-check generators derived from an endpoint's zod 4 body schema (the fuzz suite): the walker
 * unwraps preprocess pipes, optionals, defaults and nullables down to the field's real type —
 * string, number, boolean, enum, array, object — and produces, per field, a valid value or a
 * malformed one of the kind that type invites (wrong types, huge, negative and NaN numbers,
 * naughty strings, 100 KB text, broken JSON lists, unknown enum values), or leaves the field out,
 * or sends it twice.
 */
import fc from 'fast-check';
import type { z } from 'zod';

export type FieldType =
  | { type: 'string'; max?: number }
  | { type: 'number' }
  | { type: 'boolean' }
  | { type: 'enum'; values: string[] }
  | { type: 'array'; of: FieldType }
  | { type: 'object' }
  | { type: 'unknown' };

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}

/** The type a field's value must finally have, under its preprocessing and wrappers. */
export function fieldType(schema: z.ZodType): FieldType {
  let s = schema as unknown as ZodInternals | undefined;
  for (let depth = 0; s && depth < 10; depth++) {
    const def = s._zod.def;
    switch (def.type) {
      case 'pipe':
        s = (def.out as ZodInternals) ?? (def.in as ZodInternals);
        // a transform at the end of a pipe keeps the input's type
        if (s?._zod.def.type === 'transform') s = def.in as ZodInternals;
        continue;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'catch':
      case 'readonly':
        s = def.innerType as ZodInternals;
        continue;
      case 'string': {
        const checks = (def.checks as { _zod: { def: { check: string; maximum?: number } } }[] | undefined) ?? [];
        const max = checks.map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum;
        return { type: 'string', max };
      }
      case 'number':
      case 'int':
      case 'bigint':
        return { type: 'number' };
      case 'boolean':
        return { type: 'boolean' };
      case 'enum':
        return { type: 'enum', values: Object.values(def.entries as Record<string, string>).map(String) };
      case 'literal':
        return { type: 'enum', values: (def.values as unknown[]).map(String) };
      case 'array':
        return { type: 'array', of: fieldType(def.element as z.ZodType) };
      case 'object':
        return { type: 'object' };
      default:
        return { type: 'unknown' };
    }
  }
  return { type: 'unknown' };
}

export const NAUGHTY = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0644\u0627',
  "'; DROP TABLE merchants; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  `\${7*7}{{7*7}}`,
  '../../../../etc/passwd',
  '%00%0d%0a',
  'undefined',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1',
  '0',
  '-0',
  '9007199254740993',
  '2147483648',
  '1.5',
  '0x10',
  '[]',
  '[1,',
  '["a"]',
  '{"__proto__":{"x":1}}',
  '[{}]',
  '1,2,,3',
  'true',
  '😀👍🏽',
  'ـــــ',
  '٣٤٥',
  '12/31/1969',
  '2026-02-30',
  '9999-99-99',
];
const HUGE_TEXT = 'x'.repeat(100 * 1024);

const naughty = fc.constantFrom(...NAUGHTY);
const anyText = fc.oneof(naughty, fc.string({ maxLength: 40 }), fc.constant(HUGE_TEXT));
const badNumber = fc.oneof(
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '-0.001',
    '1e308',
    '2147483648',
    '9007199254740993',
    '1.005',
    'abc',
    '',
    '[]',
    '1,2',
  ),
  fc.double().map(String),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }).map(String),
);

/** A valid value of the type, as a form would send it. */
function valid(ft: FieldType): fc.Arbitrary<string> {
  switch (ft.type) {
    case 'number':
      return fc.integer({ min: 1, max: 20 }).map(String);
    case 'boolean':
      return fc.constantFrom('true', 'false', '1', '0');
    case 'enum':
      return fc.constantFrom(...ft.values);
    case 'array':
      return fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 3 }).map((a) => JSON.stringify(a));
    default:
      return fc.constantFrom(
        'A sample value long enough for a thirty character minimum.',
        'Doha',
        '97455123456',
        '2030-01-01',
      );
  }
}

/** A malformed value aimed at the type. */
function malformed(ft: FieldType): fc.Arbitrary<string> {
  switch (ft.type) {
    case 'number':
      return badNumber;
    case 'boolean':
      return fc.oneof(fc.constantFrom('maybe', '2', '-1', 'TRUE ', 'yes please'), naughty);
    case 'enum':
      return fc.oneof(
        fc.constantFrom(...ft.values).map((v) => v.toUpperCase()),
        fc.constantFrom(...ft.values).map((v) => `${v} `.repeat(3)),
        anyText,
      );
    case 'array':
      return fc.oneof(
        fc.constantFrom(
          '[1,',
          '["a"]',
          '[-1]',
          '[0]',
          '[1.5]',
          '[null]',
          '[[1]]',
          '{}',
          '1,,2',
          '[]',
          'NaN',
          '[1e999]',
        ),
        fc.array(fc.integer(), { maxLength: 2000 }).map((a) => JSON.stringify(a)),
        anyText,
      );
    case 'string':
      return fc.oneof(anyText, fc.constant('y'.repeat((ft.max ?? 1000) + 1)), badNumber);
    default:
      return anyText;
  }
}

/** Per field: left out, valid, malformed, or sent twice (as `key` and as `key[]`). */
export function fieldEntries(name: string, schema: z.ZodType): fc.Arbitrary<[string, string][]> {
  const ft = fieldType(schema);
  const value = fc.oneof(valid(ft), malformed(ft), malformed(ft));
  return fc.oneof(
    fc.constant([] as [string, string][]),
    value.map((v) => [[name, v]] as [string, string][]),
    fc.tuple(value, value).map(
      ([a, b]) =>
        [
          [name, a],
          [name, b],
        ] as [string, string][],
    ),
    fc.array(value, { minLength: 1, maxLength: 3 }).map((vs) => vs.map((v) => [`${name}[]`, v] as [string, string])),
  );
}

/** Fields of a whole body: every known field (each left out, valid, malformed or doubled) and some strangers. */
export function bodyEntries(shape: Record<string, z.ZodType>): fc.Arbitrary<[string, string][]> {
  const known = Object.entries(shape).map(([n, s]) => fieldEntries(n, s));
  const strangers = fc.array(
    fc.tuple(
      fc.constantFrom('token2', '__proto__', 'constructor', 'prototype', 'merchantId', 'id', 'rule', 'balance'),
      anyText,
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...known), strangers).map(([fields, extra]) => [...fields.flat(), ...extra]);
}

/**
 * SPEC §7's `data` field of a call that takes its fields in one (`dataEnvelope`): left out, the
 * fields as a JSON string (each valid, malformed or left out), or a malformed value.
 */
export function envelopeEntries(shape: Record<string, z.ZodType>): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    fc.constant([] as [string, string][]),
    bodyEntries(shape).map((fields) => [['data', JSON.stringify(Object.fromEntries(fields))]] as [string, string][]),
    anyText.map((v) => [['data', v]] as [string, string][]),
  );
}
