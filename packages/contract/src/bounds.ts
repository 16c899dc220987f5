/**
 * Every bound the contract declares on a payload, read from the zod schemas themselves (issue 29):
 * each string's and list's length limits and each number's limits, with the message they refuse
 * with. The contract's unit tests pin the list (a changed limit fails) and try each bound exactly
 * at the edge and one past it; the server's tests send the one-past values through the real server.
 * Nothing here is used at run time.
 */
import type { z } from 'zod';
import { allEndpoints } from './api';
import type { EndpointDef } from './endpoint';
import { operatorEndpoints } from './endpoints/operator';

export interface Bound {
  path: string;
  /** The top-level field of the payload. */
  key: string;
  /** The field as a 422 names it: the key, or `key.0` for an element of a list. */
  field: string;
  of: 'string' | 'array' | 'number';
  side: 'min' | 'max';
  limit: number;
  /** Whether the limit itself is allowed (always, for lengths). */
  inclusive: boolean;
  /** Whole numbers only (numbers), or the kind of a list's elements (lists). */
  integer: boolean;
  element?: 'string' | 'number';
  /** The message key the bound refuses with (zod's own text when the contract gives none). */
  message: string;
}

type Schema = z.ZodType;
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  error?: (issue?: unknown) => unknown;
}
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema that holds a field's checks: through preprocessing pipes and optional/default wrappers. */
function core(s: Schema): Schema {
  const d = defOf(s);
  if (d.type === 'pipe') {
    const out = d.out as Schema;
    return core(defOf(out).type === 'transform' ? (d.in as Schema) : out);
  }
  if (WRAPPERS.has(d.type as string)) return core(d.innerType as Schema);
  return s;
}

const checksOf = (s: Schema): CheckDef[] =>
  ((defOf(s).checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);
const messageOf = (c: CheckDef): string => {
  const m = c.error?.();
  return typeof m === 'string' ? m : '(zod default)';
};
const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

function boundsOfSchema(path: string, key: string, field: string, s: Schema): Bound[] {
  const inner = core(s);
  const type = defOf(inner).type as string;
  const checks = checksOf(inner);
  const out: Bound[] = [];
  const base = { path, key, field };
  if (type === 'string' || type === 'array') {
    const element = type === 'array' ? core(defOf(inner).element as Schema) : undefined;
    const elementType = element && (defOf(element).type === 'string' ? 'string' : 'number');
    for (const c of checks) {
      const sides: [Bound['side'], number | undefined][] =
        c.check === 'min_length'
          ? [['min', c.minimum]]
          : c.check === 'max_length'
            ? [['max', c.maximum]]
            : c.check === 'length_equals'
              ? [
                  ['min', c.length],
                  ['max', c.length],
                ]
              : [];
      for (const [side, limit] of sides)
        out.push({
          ...base,
          of: type,
          side,
          limit: limit ?? 0,
          inclusive: true,
          integer: true,
          element: elementType,
          message: messageOf(c),
        });
    }
    if (element) out.push(...boundsOfSchema(path, key, `${field}.0`, element));
  }
  if (type === 'number') {
    const integer = checks.some((c) => c.check === 'number_format' && INTEGER_FORMATS.has(c.format ?? ''));
    for (const c of checks)
      if (c.check === 'greater_than' || c.check === 'less_than')
        out.push({
          ...base,
          of: 'number',
          side: c.check === 'greater_than' ? 'min' : 'max',
          limit: c.value ?? 0,
          inclusive: c.inclusive ?? true,
          integer,
          message: messageOf(c),
        });
  }
  return out;
}

const shapeOf = (def: EndpointDef) => (defOf(def.body).shape as Record<string, Schema> | undefined) ?? {};

/** The bounds of one call's payload, field by field in the contract's order. */
export const boundsOf = (def: EndpointDef): Bound[] =>
  Object.entries(shapeOf(def)).flatMap(([key, s]) => boundsOfSchema(def.path, key, key, s));

/** Every call whose payload the contract declares: the app's catalogue and the operator's. */
export const everyEndpoint = (): EndpointDef[] => [
  ...allEndpoints,
  ...(Object.values(operatorEndpoints) as EndpointDef[]),
];

/** Every bound of every payload of the contract. */
export const allBounds = (): Bound[] => everyEndpoint().flatMap(boundsOf);

const round = (n: number) => Math.round(n * 100) / 100;

/** The value exactly at a bound (to be accepted) and one past it (to be refused), as a form sends them. */
export function edgeValues(b: Bound, fill = 'a'): { at: unknown; past: unknown } {
  if (b.of === 'number') {
    const step = b.integer ? 1 : 0.01;
    const outward = b.side === 'max' ? step : -step;
    const at = b.inclusive ? b.limit : b.limit - outward;
    const past = b.inclusive ? b.limit + outward : b.limit;
    const text = (n: number) => String(round(n));
    // an element's value goes in a list of one
    return b.field === b.key ? { at: text(at), past: text(past) } : { at: [text(at)], past: [text(past)] };
  }
  const pastLength = b.side === 'max' ? b.limit + 1 : b.limit - 1;
  if (b.of === 'string') {
    const s = (n: number) => fill.repeat(n);
    return b.field === b.key ? { at: s(b.limit), past: s(pastLength) } : { at: [s(b.limit)], past: [s(pastLength)] };
  }
  const list = (n: number) =>
    Array.from({ length: n }, (_, i) => (b.element === 'string' ? `${fill}${i + 1}` : String(i + 1)));
  return { at: list(b.limit), past: list(pastLength) };
}

/** The messages a payload gets at a field, in order. */
export const messagesAt = (def: EndpointDef, payload: Record<string, unknown>, field: string): string[] => {
  const r = def.body.safeParse(payload);
  return r.success ? [] : r.error.issues.filter((i) => i.path.map(String).join('.') === field).map((i) => i.message);
};

/** Characters a string edge is made of, tried in turn until the value at the edge is accepted. */
const FILLS = ['a', '1', 'ب'];

export interface EdgeCase {
  bound: Bound;
  at: unknown;
  past: unknown;
  /**
   * The one-past value is an empty list or text that the form reading takes as "not given" on an
   * optional field, so no client can send it: the bound is kept in the list but not tried.
   */
  emptyIsAbsent: boolean;
}

/** A bound's two edge values, made of the first fill its field accepts at the edge; undefined when none is. */
export function edgeCase(def: EndpointDef, b: Bound): EdgeCase | undefined {
  for (const fill of FILLS) {
    const { at, past } = edgeValues(b, fill);
    if (messagesAt(def, { [b.key]: at }, b.field).length > 0) continue;
    const empty = (Array.isArray(past) && past.length === 0) || past === '';
    const emptyIsAbsent = empty && b.side === 'min' && messagesAt(def, { [b.key]: past }, b.field).length === 0;
    return { bound: b, at, past, emptyIsAbsent };
  }
  return undefined;
}

/** One line per bound, for the pinned list: `path field: what ≤ limit → message`. */
export function describeBound(b: Bound, e?: EdgeCase): string {
  const what =
    b.of === 'number' ? (b.integer ? 'whole number' : 'number') : b.of === 'string' ? 'text length' : 'list length';
  const op = b.side === 'min' ? (b.inclusive ? '≥' : '>') : b.inclusive ? '≤' : '<';
  const note = e?.emptyIsAbsent ? ' (empty reads as not given)' : '';
  return `${b.path} ${b.field}: ${what} ${op} ${b.limit} → ${b.message}${note}`;
}
