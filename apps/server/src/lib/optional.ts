/**
 * For partial updates: Kysely leaves `undefined` values out of `set()`, so a patch can list every
 * column and let the blank ones fall away; this maps a value only when it was given.
 */
export const mapDefined = <T, R>(value: T | undefined, map: (v: T) => R): R | undefined =>
  value === undefined ? undefined : map(value);
