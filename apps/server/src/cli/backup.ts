/**
 * `npm run admin -- backup <file>` and `restore <file>` for the embedded database (docs/deploy.md,
 * "Backups"). A backup is SQLite's online backup (better-sqlite3's `db.backup()`): a consistent
 * copy taken while the server keeps serving and writing, checked with `integrity_check`. A restore
 * replaces DATA_DIR's database with a checked backup, only when no process has that database open
 * (stop the server first), or fills a fresh DATA_DIR. On PostgreSQL both commands refuse and name
 * PostgreSQL's own tools. Uploaded images are not in the database: copy DATA_DIR/uploads (or the
 * S3 bucket) alongside.
 */
import fs from 'node:fs';
import path from 'node:path';
import { privateFile, privateFolder } from '../db/dialect';
import SQLite from '../db/sqlite-driver';

export class BackupError extends Error {}

export const SQLITE_FILE = 'app.sqlite';

const PG_BACKUP = `The database is PostgreSQL (DATABASE_URL is set): back it up with PostgreSQL's own tools, e.g.
  pg_dump --format=custom --file=loyalty.dump "$DATABASE_URL"
and restore with
  pg_restore --clean --if-exists --dbname="$DATABASE_URL" loyalty.dump
(with DATABASE_SCHEMA set, add --schema=<schema> to pg_dump). See docs/deploy.md, "Backups".`;

/** `ok`, or SQLite's list of problems. */
function integrity(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

function isOurDatabase(file: string): boolean {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (
      (
        db
          .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
          .get() as {
          n: number;
        }
      ).n === 1
    );
  } finally {
    db.close();
  }
}

export async function backup(opts: { dataDir: string; databaseUrl?: string; file: string }): Promise<string> {
  if (opts.databaseUrl) throw new BackupError(PG_BACKUP);
  const source = path.join(opts.dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database to back up at ${source} (DATA_DIR).`);
  const target = path.resolve(opts.file);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; give a new file name.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  // 0600 before the first page is copied: a backup holds every account's data
  privateFile(partial);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // pages are copied a batch at a time; writes in between restart nothing already copied
    await db.backup(partial);
  } finally {
    db.close();
  }
  const check = integrity(partial);
  if (check !== 'ok') {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`The backup failed its integrity check: ${check}`);
  }
  fs.renameSync(partial, target);
  return `Backed up ${source} to ${target} (${fs.statSync(target).size} bytes, integrity ok).`;
}

/**
 * True when another process holds the database open. The last connection to close a WAL-mode
 * database checkpoints it and deletes its -wal and -shm files; so we open and close it ourselves,
 * and if those files are still there, someone else has it open.
 */
function inUse(file: string): boolean {
  const wal = `${file}-wal`;
  const shm = `${file}-shm`;
  if (!fs.existsSync(wal) && !fs.existsSync(shm)) return false;
  try {
    const db = new SQLite(file, { fileMustExist: true, timeout: 1000 });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  } catch {
    return true; // locked
  }
  return fs.existsSync(wal) || fs.existsSync(shm);
}

export async function restore(opts: { dataDir: string; databaseUrl?: string; file: string }): Promise<string> {
  if (opts.databaseUrl) throw new BackupError(PG_BACKUP);
  const source = path.resolve(opts.file);
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup at ${source}.`);
  let check: string;
  try {
    check = integrity(source);
    if (check === 'ok' && !isOurDatabase(source)) check = 'not a database of this app (no migrations table)';
  } catch (err) {
    check = (err as Error).message;
  }
  if (check !== 'ok') throw new BackupError(`${source} is not a usable backup: ${check}`);
  privateFolder(opts.dataDir);
  const target = path.join(opts.dataDir, SQLITE_FILE);
  if (fs.existsSync(target) && inUse(target))
    throw new BackupError(
      `The database ${target} is in use (is the server running?). Stop the server first, or restore into a fresh folder: DATA_DIR=/new/folder npm run admin -- restore ${opts.file}`,
    );
  const partial = `${target}.restoring`;
  fs.rmSync(partial, { force: true });
  privateFile(partial);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial);
  } finally {
    db.close();
  }
  for (const leftover of [`${target}-wal`, `${target}-shm`]) fs.rmSync(leftover, { force: true });
  fs.renameSync(partial, target);
  return `Restored ${source} into ${target} (integrity ok). Start the server on DATA_DIR=${opts.dataDir}.`;
}
