/**
 * SQLite statements prepared once per SQL text (db/dialect.ts, bench/README.md "Profile"): the same
 * text gets the same statement, a statement busy in an iteration is never handed out twice, and
 * the cache stays bounded. Engine-independent: it runs on an in-memory SQLite database whichever
 * project runs it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ARRAY_ROWS, type ArrayRows, cachingStatements } from '../src/db/dialect';
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

  it('answers a statement marked ARRAY_ROWS as arrays with its column names, and runs a marked write as usual', () => {
    const db = open();
    const read = db.prepare(`${ARRAY_ROWS}SELECT id, v AS value FROM t WHERE id >= ? ORDER BY id`);
    const rows = read.all(2) as ArrayRows;
    expect([...rows]).toEqual([
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(rows.columns).toEqual(['id', 'value']);
    expect(db.prepare(`${ARRAY_ROWS}SELECT id, v AS value FROM t WHERE id >= ? ORDER BY id`)).toBe(read);
    // a write that returns nothing is not a reader: it runs and counts
    expect(db.prepare(`${ARRAY_ROWS}UPDATE t SET v = ? WHERE id = ?`).run('y', 2).changes).toBe(1);
    // one that returns its rows answers arrays too
    const returning = db
      .prepare(`${ARRAY_ROWS}UPDATE t SET v = ? WHERE id = ? RETURNING id, v`)
      .all('x', 3) as ArrayRows;
    expect([...returning]).toEqual([[3, 'x']]);
    expect(returning.columns).toEqual(['id', 'v']);
    // unmarked: objects, as before
    expect(db.prepare('SELECT id, v FROM t WHERE id = ?').all(1)).toEqual([{ id: 1, v: 'a' }]);
  });

  it('reads the column names again when a marked select * comes back wider (a column added)', () => {
    const db = open();
    const star = db.prepare(`${ARRAY_ROWS}SELECT * FROM t WHERE id = ?`);
    expect((star.all(1) as ArrayRows).columns).toEqual(['id', 'v']);
    sqlite.exec("ALTER TABLE t ADD COLUMN w TEXT DEFAULT 'w'");
    const rows = star.all(1) as ArrayRows;
    expect([...rows]).toEqual([[1, 'a', 'w']]);
    expect(rows.columns).toEqual(['id', 'v', 'w']);
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
