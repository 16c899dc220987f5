/**
 * The embedded database's driver for the Node that runs us (docs/decisions/0014): better-sqlite3 13
 * (`better-sqlite3-13`, a Node-API build shipped in the package, nothing to compile) wherever Node
 * offers Node-API 10 (Node 22.14 and later, Node 24), else better-sqlite3 12 (Node 20, built for
 * its ABI at install). better-sqlite3 12 built for Node 24 aborts the process when the garbage
 * collector frees one of its objects while no JavaScript context is entered (Node 24's
 * `node::ObjectWrap` removes a cleanup hook through the current context); 13 does not use it.
 * Both have the same API; the types are better-sqlite3's.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/** The package this process uses: `better-sqlite3-13` with Node-API 10, else `better-sqlite3` (12). */
export const SQLITE_DRIVER = Number(process.versions.napi) >= 10 ? 'better-sqlite3-13' : 'better-sqlite3';

const SQLite = createRequire(import.meta.url)(SQLITE_DRIVER) as typeof BetterSqlite3;
// the package's types under the same name as the constructor, as `import SQLite from 'better-sqlite3'` gives them
declare namespace SQLite {
  type Database = BetterSqlite3.Database;
  type Statement = BetterSqlite3.Statement;
  type Options = BetterSqlite3.Options;
}
export default SQLite;
