/**
 * SQLite statements prepared once per SQL text (db/dialect.ts, bench/README.md "Profile"): the same
 * text gets the same statement, a statement busy in an iteration is never handed out twice, and
 * the cache stays bounded. Engine-independent: it runs on an in-memory SQLite database whichever
 * project runs it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements } from '../src/db/dialect';
import SQLite from '../src/db/sqlite-driver';

let sqlite: SQLite.Database;
afterEach(() => sqlite?.close());

const open = () => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  sqlite.exec("INSERT INTO t (v) VALUES ('a'), ('b'), ('c')");
  return cachingStatements(sqlite);
};

describe('the SQLite statement cache', () => {
  it('hands out the same prepared statement for the same SQL text, with fresh results', () => {
    const db = open();
    const first = db.prepare('SELECT v FROM t WHERE id = ?');
    expect(first.get(1)).toEqual({ v: 'a' });
    const again = db.prepare('SELECT v FROM t WHERE id = ?');
    expect(again).toBe(first);
    sqlite.exec("UPDATE t SET v = 'z' WHERE id = 1");
    expect(again.get(1)).toEqual({ v: 'z' });
    expect(db.prepare('SELECT v FROM t WHERE id = ? ')).not.toBe(first);
  });

  it('prepares a fresh statement while the cached one is busy iterating', () => {
    const db = open();
    const outer = db.prepare('SELECT id FROM t ORDER BY id');
    const seen: number[][] = [];
    for (const row of outer.iterate() as IterableIterator<{ id: number }>) {
      const inner = db.prepare('SELECT id FROM t ORDER BY id');
      expect(inner).not.toBe(outer);
      seen.push([row.id, (inner.all() as { id: number }[]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(db.prepare('SELECT id FROM t ORDER BY id')).toBe(outer);
  });

  it('keeps at most 500 statements and still answers beyond that', () => {
    const db = open();
    const first = db.prepare('SELECT 0 AS n');
    for (let i = 1; i <= 500; i++) expect(db.prepare(`SELECT ${i} AS n`).get()).toEqual({ n: i });
    // the oldest went out: the same text is prepared anew and still right
    const again = db.prepare('SELECT 0 AS n');
    expect(again).not.toBe(first);
    expect(again.get()).toEqual({ n: 0 });
  });
});
