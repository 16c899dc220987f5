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
    return { db, kind: 'postgres', pgSchema: opts.pgSchema, pool, close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'app.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { db, kind: 'sqlite', close: () => db.destroy() };
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
