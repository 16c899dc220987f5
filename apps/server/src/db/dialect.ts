/**
 * The one place where SQLite and PostgreSQL differ: connection, id and float column types, and the
 * pg type parsers that make counts and sums plain numbers. Everything else is portable Kysely.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CamelCasePlugin,
  type ColumnDataType,
  Kysely,
  type LogEvent,
  PostgresAdapter,
  SqliteDialect,
  sql,
} from 'kysely';
import type pg from 'pg';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import type { Database } from './schema';
import SQLite from './sqlite-driver';

export type DialectKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DialectKind;
  /** The PostgreSQL schema in use, when not the default. */
  pgSchema?: string;
  /** PostgreSQL: the connection string, for a dedicated LISTEN connection (the live feed). */
  connectionString?: string;
  /** PostgreSQL's connection pool (its use is a metric, http/metrics.ts). */
  pool?: pg.Pool;
  close: () => Promise<void>;
}

let pgModule: typeof pg | undefined;
/**
 * The PostgreSQL driver, loaded when PostgreSQL is first used: a server on the embedded database
 * never holds it in memory (bench/README.md, "Memory"). int8 (count, sum) and numeric come back as
 * numbers: our values stay far below 2^53.
 */
export function pgDriver(): typeof pg {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof pg;
    pgModule.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pgModule.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  }
  return pgModule;
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent the embedded SQLite database is used. */
  databaseUrl?: string;
  /** Folder of the SQLite file (DATA_DIR). */
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  pgSchema?: string;
  poolSize?: number;
  /**
   * Every statement and its values appended to this file as JSON lines (SQL_TRACE_FILE): npm run
   * bench reads one request's statements to run them on the driver alone (bench/README.md, "Overhead").
   */
  traceFile?: string;
}

/** Kysely's log, writing each query to `file` (never set in production: config.ts refuses it). */
const traceTo = (file: string | undefined) =>
  file
    ? {
        log: (e: LogEvent) => {
          if (e.level === 'query')
            fs.appendFileSync(file, `${JSON.stringify({ sql: e.query.sql, parameters: e.query.parameters })}\n`);
        },
      }
    : {};

export function openDatabase(opts: DbOptions): DbHandle {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    const pool = new (pgDriver().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      options: opts.pgSchema ? `-c search_path=${opts.pgSchema}` : undefined,
    });
    pool.on('error', () => {
      /* an idle client lost its connection; the pool replaces it */
    });
    pool.on('connect', (client) => prepareByName(client));
    const db = new Kysely<Database>({
      dialect: new OwnSchemaPostgresDialect({ pool }),
      plugins,
      ...traceTo(opts.traceFile),
    });
    return {
      db,
      kind: 'postgres',
      pgSchema: opts.pgSchema,
      connectionString: opts.databaseUrl,
      pool,
      close: () => db.destroy(),
    };
  }
  const file = path.join(opts.dataDir, 'app.sqlite');
  privateFolder(opts.dataDir);
  privateFile(file);
  const sqlite = new SQLite(file);
  // SQLite creates the -wal and -shm files with the database file's permissions
  sqlite.pragma('journal_mode = WAL');
  for (const f of [`${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) privateFile(f);
  // deleted and overwritten rows are zeroed, not left in free pages (an SMS text once sent, docs/security.md)
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The query planner's statistics kept current, as SQLite advises for long-lived connections: at
  // open and every few hours, tables whose size changed much are analyzed again (each index sampled,
  // not read whole). Stale statistics from a small table that grew would keep plans made for it.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
    plugins,
    ...traceTo(opts.traceFile),
  });
  // through Kysely, so it waits for the connection between transactions
  const optimize = setInterval(() => {
    sql`pragma optimize`.execute(db).catch(() => undefined);
  }, OPTIMIZE_EVERY_MS);
  optimize.unref();
  return {
    db,
    kind: 'sqlite',
    close: () => {
      clearInterval(optimize);
      return db.destroy();
    },
  };
}

const OPTIMIZE_EVERY_MS = 6 * 3600 * 1000;

/** Only errors other than "not ours to change" matter: a folder mounted for us may refuse chmod. */
const chmod = (target: string, mode: number) => {
  try {
    fs.chmodSync(target, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
};

/** A folder only its owner may enter (DATA_DIR, uploads): created 0700, and made 0700 if it was wider. */
export function privateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmod(folder, 0o700);
}

/** A file only its owner may read (the database, backups): created empty 0600 when missing, else made 0600. */
export function privateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  chmod(file, 0o600);
}

/** Statements kept per database connection; the SQL texts of our queries are far fewer. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Marks the SQL of a prepared query (db/prepared.ts) whose rows SQLite hands over as arrays, with
 * their column names on the list (`rows.columns`): better-sqlite3 builds a row object one property
 * at a time, and for a page of ten offers that took 40 % of the statement (bench/README.md,
 * "Rows as arrays"); the prepared query maps an array to its camelCase row by position.
 */
export const ARRAY_ROWS = '/* arrays */ ';

/** A list of rows as arrays, with the names of their columns. */
export type ArrayRows = unknown[][] & { columns: string[] };

/**
 * Kysely prepares every query anew, and preparing was the largest single cost of a list request
 * on SQLite (bench/README.md, "Profile"). This hands Kysely the same prepared statement for the
 * same SQL text. A statement in the middle of an iteration (a streamed query) is busy and cannot
 * run twice at once: then a fresh one is prepared for that call. SQLite re-prepares a cached
 * statement by itself when the schema changes (migrations). A statement marked ARRAY_ROWS that
 * reads rows answers them as arrays (ArrayRows).
 */
export function cachingStatements(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (text: string): SQLite.Statement => {
    const stmt = sqlite.prepare(text);
    return text.startsWith(ARRAY_ROWS) && stmt.reader ? arrayRows(stmt) : stmt;
  };
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const stmt = prepare(text);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

/**
 * The statement as Kysely's driver uses it (reader, busy, all), answering its rows as arrays with
 * their columns' names. The names are read once (reading them costs as much as a small query); a
 * row of another width (SQLite re-prepared a `select *` after a migration) reads them again.
 */
function arrayRows(stmt: SQLite.Statement): SQLite.Statement {
  stmt.raw(true);
  const names = () => stmt.columns().map((c) => c.name);
  let columns = names();
  return {
    reader: true,
    get busy() {
      return stmt.busy;
    },
    all(...params: unknown[]) {
      const rows = stmt.all(...params) as ArrayRows;
      if (rows.length > 0 && rows[0].length !== columns.length) columns = names();
      rows.columns = columns;
      return rows;
    },
  } as unknown as SQLite.Statement;
}

/** Marks the SQL of a prepared query that PostgreSQL connections prepare once by name. */
export const NAMED_STATEMENT = '/* named */ ';

/**
 * The prepared queries marked NAMED_STATEMENT (db/prepared.ts) go to PostgreSQL as named statements:
 * each connection parses and plans one once, then only binds and runs it — 40% less time per query
 * than sending the text each time (bench/README.md, "PostgreSQL"). Names come from the SQL text.
 * Their rows come as arrays with their columns' names (ArrayRows, as ARRAY_ROWS on SQLite): pg
 * then builds no object per row, and the prepared query maps each by position.
 */
function prepareByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const names = new Map<string, string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && text.startsWith(NAMED_STATEMENT) && Array.isArray(values)) {
      let name = names.get(text);
      if (!name) {
        name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
        names.set(text, name);
      }
      return query({ name, text, values, rowMode: 'array' }).then((result) => {
        (result.rows as unknown as ArrayRows).columns = result.fields.map((f) => f.name);
        return result;
      });
    }
    return query(...args);
  };
}

/** Whether `db` (a database or a transaction of it) speaks PostgreSQL. */
export const isPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Column types that differ between the engines. */
export const columnTypes = (kind: DialectKind) => ({
  /** Auto-increment primary key type. */
  id: (kind === 'postgres' ? 'serial' : 'integer') as ColumnDataType,
  float: (kind === 'postgres' ? 'double precision' : 'real') as ColumnDataType,
});

export const nowIso = (): string => new Date().toISOString();
export const flag = (b: boolean | undefined | null): number => (b ? 1 : 0);
export const isSet = (n: number | null | undefined): boolean => n === 1;

/**
 * PostgreSQL: the statement's `refuse(reason)` ended it (db/migrations/0035-refusals.ts), undone as
 * a whole; the reason it gave, else undefined.
 */
export const refusedBecause = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'LY409' && typeof e.message === 'string' ? e.message : undefined;
};

/** A unique-constraint violation, as each engine reports it (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};
