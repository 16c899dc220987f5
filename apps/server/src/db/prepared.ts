/**
 * Queries built once: a repository writes the query with Kysely as usual, but with named
 * parameters in place of values; the first call compiles it for the database's dialect and every
 * later call only binds the values (bench/README.md, "Profile": building and transforming a Kysely
 * query cost more than running it on the hot paths). Rows come back with camelCase keys as
 * through the CamelCasePlugin, mapped by a key list made once per query instead of per row.
 *
 *   const byHash = preparedQuery((db, p: Params<{ hash: string }>) =>
 *     db.selectFrom('sessions').selectAll().where('tokenHash', '=', p.hash));
 *   const rows = await byHash.all(db, { hash });      // db may be a transaction
 *
 * Define them at module level, once: a repository is built anew for every transaction, and a
 * prepared query made inside it would be compiled anew each time.
 *
 * Safety: every value of the compiled query must be one of the named parameters. A value taken
 * from the surrounding code (`.where('merchantId', '=', caller.merchantId)` instead of
 * `p.merchantId`) would be frozen into the query for every later caller, so it is refused when
 * the query is first compiled (a test's first call fails, never a tenant's data).
 */
import {
  type Compilable,
  CompiledQuery,
  type Expression,
  type InsertQueryBuilder,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  sql,
} from 'kysely';
import { ARRAY_ROWS, type ArrayRows, isPostgres, NAMED_STATEMENT } from './dialect';
import type { Database } from './schema';

/** A named parameter as it travels through Kysely's query tree until the query is compiled. */
class Param {
  constructor(readonly name: string) {}
}

/** The parameters a prepared query's builder sees: stand-ins typed as the values they stand for. */
export type Params<P> = { readonly [K in keyof P]: P[K] };

interface Template {
  sql: string;
  postgres: boolean;
  /** For each `?`/`$n` of the SQL, the name of the value it takes. */
  slots: string[];
  /** Maps a driver row to its camelCase row (made from the first row's columns). */
  map?: RowMapper;
}

/** Kysely's CamelCasePlugin conversion (snake_case → camelCase), memoized. */
const camelCache = new Map<string, string>();
export function camelCase(str: string): string {
  let out = camelCache.get(str);
  if (out !== undefined) return out;
  out = str.length === 0 ? str : str[0];
  for (let i = 1; i < str.length; i++) {
    const c = str[i];
    if (c !== '_') out += str[i - 1] === '_' ? c.toUpperCase() : c;
  }
  camelCache.set(str, out);
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** Nested JSON values (PostgreSQL json columns) are mapped like the plugin does, recursively. */
function mapNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mapNested);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[camelCase(k)] = mapNested(value[k]);
  return out;
}

type RowMapper = (row: Record<string, unknown> | unknown[]) => unknown;

/**
 * A function that turns a driver row into the camelCase row as one object literal of fixed shape,
 * made once per query: V8 builds such objects far faster than one property at a time (a 1000-row
 * page spent 4.7 ms mapping rows the other way; bench/README.md, "Profile"). The names are our
 * own SQL's column names, quoted with JSON.stringify; a row that is an array (SQLite: ARRAY_ROWS)
 * is read by position.
 */
function rowMapper(columns: string[], keys: string[], arrays: boolean): RowMapper {
  const fields = columns.map((c, i) => {
    const at = arrays ? String(i) : JSON.stringify(c);
    return `${JSON.stringify(keys[i])}: (v = r[${at}], typeof v === 'object' && v !== null ? nested(v) : v)`;
  });
  return new Function('nested', `return function mapRow(r) { let v; return { ${fields.join(', ')} }; };`)(
    mapNested,
  ) as RowMapper;
}

function mapRows<R>(t: Template, rows: Record<string, unknown>[] | ArrayRows, count = rows.length): R[] {
  if (rows.length === 0) return [];
  if (!t.map) {
    const arrays = Array.isArray(rows[0]);
    const columns = arrays ? (rows as ArrayRows).columns : Object.keys(rows[0]);
    t.map = rowMapper(columns, columns.map(camelCase), arrays);
  }
  const map = t.map;
  const n = Math.min(count, rows.length);
  const out = new Array<R>(n);
  for (let r = 0; r < n; r++) out[r] = map(rows[r]) as R;
  return out;
}

/**
 * `column IN (ids)` for a list of ids of any length bound as ONE parameter (`p.ids`, an array of
 * numbers), so that the query keeps one shape: on SQLite the list travels as JSON and is read by
 * json_each, on PostgreSQL as an integer array (`= ANY`).
 */
export function inIds(
  db: Kysely<Database>,
  column: Expression<unknown> | string,
  ids: readonly number[],
): RawBuilder<boolean> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return isPostgres(db)
    ? sql<boolean>`${ref} = any(${ids}::int[])`
    : sql<boolean>`${ref} in (select value from json_each(${ids}))`;
}

/** `select *`, `t.*` or `returning *`: a result whose columns follow the table's (count(*) is fine). */
const SELECTS_ALL = /\bselect\s+\*|,\s*\*|\.\*|\breturning\s+\*/i;

const stand = new Proxy(Object.create(null), {
  get: (_target, name) => (typeof name === 'string' ? new Param(name) : undefined),
});

/**
 * `p`'s stand-ins with some of them replaced by SQL of the statement's own (a value an earlier WITH
 * step wrote): a builder written for parameters then reads those from the statement.
 */
export function standInsWith<P>(p: Params<P>, own: { [K in keyof P]?: RawBuilder<unknown> }): Params<P> {
  return new Proxy(Object.create(null), {
    get: (_target, name) =>
      (own as Record<string | symbol, unknown>)[name] ?? (p as Record<string | symbol, unknown>)[name],
  });
}

/** The same database without plugins: rows come back as the driver gives them (mapped here). */
const bare = new WeakMap<Kysely<Database>, Kysely<Database>>();
const withoutPlugins = (db: Kysely<Database>) => {
  let b = bare.get(db);
  if (!b) {
    b = db.withoutPlugins();
    bare.set(db, b);
  }
  return b;
};

export interface PreparedQuery<P, R> {
  /** Every row. */
  all(db: Kysely<Database>, values: P): Promise<R[]>;
  /** The first row, or undefined. */
  first(db: Kysely<Database>, values: P): Promise<R | undefined>;
  /** Runs a write; the number of rows it changed. */
  run(db: Kysely<Database>, values: P): Promise<number>;
  /** The SQL as compiled for this database (tests, EXPLAIN). */
  sql(db: Kysely<Database>): string;
}

export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, p: Params<P>) => Compilable<R>,
): PreparedQuery<P, R> {
  // one template per dialect adapter (a transaction shares its database's adapter)
  const templates = new WeakMap<object, Template>();
  const templateOf = (db: Kysely<Database>): Template => {
    const adapter = db.getExecutor().adapter;
    let t = templates.get(adapter);
    if (!t) {
      const compiled = build(db, stand as Params<P>).compile();
      const slots = compiled.parameters.map((v, i) => {
        if (v instanceof Param) return v.name;
        throw new Error(
          `prepared query: value ${i + 1} (${JSON.stringify(v)}) is not a named parameter; write p.<name>: ${compiled.sql}`,
        );
      });
      const postgres = isPostgres(db);
      // PostgreSQL keeps it as a named statement on each connection (parsed and planned once) when
      // its result columns are spelled out: an added column can then never change the result of a
      // statement a server of the previous version prepared (docs/deploy.md, rolling migrations)
      const named = postgres && !SELECTS_ALL.test(compiled.sql);
      // SQLite hands its rows over as arrays (db/dialect.ts, ARRAY_ROWS)
      const marker = postgres ? (named ? NAMED_STATEMENT : '') : ARRAY_ROWS;
      const marked = `${marker}${compiled.sql}`;
      t = { sql: marked, slots, postgres };
      templates.set(adapter, t);
    }
    return t;
  };
  const execute = async (db: Kysely<Database>, values: P) => {
    const t = templateOf(db);
    const parameters = t.slots.map((name) => {
      const v = values[name];
      if (v === undefined) throw new Error(`prepared query: no value for ${name}`);
      // a list (inIds): JSON text for SQLite's json_each; the pg driver sends arrays as arrays
      if (Array.isArray(v)) return t.postgres ? v : JSON.stringify(v);
      return v;
    });
    const result = await withoutPlugins(db).executeQuery<Record<string, unknown>>(CompiledQuery.raw(t.sql, parameters));
    return { t, rows: result.rows as Record<string, unknown>[] | ArrayRows, result };
  };
  return {
    async all(db, values) {
      const { t, rows } = await execute(db, values);
      return mapRows<R>(t, rows);
    },
    async first(db, values) {
      const { t, rows } = await execute(db, values);
      return rows.length ? mapRows<R>(t, rows, 1)[0] : undefined;
    },
    async run(db, values) {
      const { result } = await execute(db, values);
      return Number(result.numAffectedRows ?? 0);
    },
    sql: (db) => templateOf(db).sql,
  };
}

/**
 * One prepared query per shape, made when first asked for: `make`'s arguments (numbers, strings,
 * booleans, undefined) are the shape, joined into its key. Define it at module level, like a
 * prepared query.
 */
export function perShape<A extends (string | number | boolean | undefined)[], Q>(
  make: (...shape: A) => Q,
): (...shape: A) => Q {
  const made = new Map<string, Q>();
  return (...shape) => {
    const key = shape.join(':');
    let q = made.get(key);
    if (!q) {
      q = make(...shape);
      made.set(key, q);
    }
    return q;
  };
}

/**
 * PostgreSQL, in a data-modifying WITH: `insert` (an `insertInto` of the table's owner) of `values`
 * as `insert into <table> (<columns>) select <values> where <when>`, the row written only when
 * `when` holds (an earlier step wrote its row). `values` are as `.values()` takes them (parameters
 * take their columns' types, as in VALUES).
 */
export function valuesWhen<T extends keyof Database, R>(
  insert: InsertQueryBuilder<Database, T, R>,
  qc: QueryCreator<Database>,
  values: Record<string, unknown>,
  when: RawBuilder<boolean>,
): InsertQueryBuilder<Database, T, R> {
  const keys = Object.keys(values);
  return insert
    .columns(keys as never)
    .expression(qc.selectNoFrom(keys.map((k) => sql`${values[k]}`.as(k))).where(when) as never);
}
