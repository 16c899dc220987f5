/**
 * The one place where SQLite and PostgreSQL differ: connection, id and float column types, and the
 * pg type parsers that make counts and sums plain numbers. Everything else is portable Kysely.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, type ColumnDataType, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

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

// int8 (count, sum) and numeric as numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export interface DbOptions {
  /** PostgreSQL connection string; when absent the embedded SQLite database is used. */
  databaseUrl?: string;
  /** Folder of the SQLite file (DATA_DIR). */
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  pgSchema?: string;
  poolSize?: number;
}

export function openDatabase(opts: DbOptions): DbHandle {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      options: opts.pgSchema ? `-c search_path=${opts.pgSchema}` : undefined,
    });
    pool.on('error', () => {
      /* an idle client lost its connection; the pool replaces it */
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      kind: 'postgres',
      pgSchema: opts.pgSchema,
      connectionString: opts.databaseUrl,
      pool,
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'app.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }), plugins });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** Statements kept per database connection; the SQL texts of our queries are far fewer. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing was the largest single cost of a list request
 * on SQLite (bench/README.md, "Profile"). This hands Kysely the same prepared statement for the
 * same SQL text. A statement in the middle of an iteration (a streamed query) is busy and cannot
 * run twice at once: then a fresh one is prepared for that call. SQLite re-prepares a cached
 * statement by itself when the schema changes (migrations).
 */
export function cachingStatements(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const stmt = sqlite.prepare(text);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

/** Column types that differ between the engines. */
export const columnTypes = (kind: DialectKind) => ({
  /** Auto-increment primary key type. */
  id: (kind === 'postgres' ? 'serial' : 'integer') as ColumnDataType,
  float: (kind === 'postgres' ? 'double precision' : 'real') as ColumnDataType,
});

export const nowIso = (): string => new Date().toISOString();
export const flag = (b: boolean | undefined | null): number => (b ? 1 : 0);
export const isSet = (n: number | null | undefined): boolean => n === 1;

/** A unique-constraint violation, as each engine reports it (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};
