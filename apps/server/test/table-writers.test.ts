/**
 * One writer per table (docs/decisions/0022, docs/architecture.md "Layers"): every table is written
 * (insertInto / updateTable / deleteFrom) by the repository of one module, its owner; another module
 * that changes it calls the owner's function over its repositories (`products/product-stock.ts`,
 * `profile/merchant-account.ts`, …). This reads the server's sources, no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(__dirname, '../src');

/** Every .ts file under src/, relative to it with forward slashes. */
function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** The module a file belongs to: modules/<name>, platform/<name>, cli/<name>, db, or its top folder. */
function moduleOf(file: string): string {
  const parts = file.split('/');
  if ((parts[0] === 'modules' || parts[0] === 'platform' || parts[0] === 'cli') && parts.length > 2)
    return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0] : file;
}

/** A write naming its table: `insertInto('x')`, `updateTable('x as y')`, `deleteFrom("x")`. */
const LITERAL_WRITE = /\b(insertInto|updateTable|deleteFrom)\(\s*(['"`])([A-Za-z_][\w]*)(?:\s+as\s+\w+)?\2/g;
/** Any write call, to find the ones whose table is not a literal (a variable: invisible to the scan). */
const ANY_WRITE = /\b(?:insertInto|updateTable|deleteFrom)\(\s*([^\s)]+)/g;

/** Files left out of the scan, with the reason. */
const NOT_SCANNED: { prefix: string; why: string }[] = [
  // migrations shape the schema and seed it once, before any module runs (the built-in operator row)
  { prefix: 'db/migrations/', why: 'migrations' },
];

/**
 * Writes whose table is a variable, by file. The scan cannot see their table, so each is listed here
 * with the tables it may write; a new one fails the test until it is looked at.
 */
const VARIABLE_TABLE_WRITES: Record<string, { tables: string[]; why: string }> = {
  // the points ledger updates `balance` of merchants and customers (docs/domain.md: balances change
  // only through the ledger); the profile and customer modules own every other column of those rows
  'platform/ledger/ledger.repository.ts': { tables: ['merchants', 'customers'], why: 'the ledger moves balances' },
};

/**
 * Tables written by more than one module on purpose: none. (Anything that could not be moved to its
 * owner would be listed here as `table: [modules…]` with the reason.)
 */
const SHARED: Record<string, string[]> = {};

function scan() {
  const writers = new Map<string, Set<string>>();
  const variable = new Map<string, string[]>();
  for (const file of sources()) {
    if (NOT_SCANNED.some((n) => file.startsWith(n.prefix))) continue;
    const text = fs.readFileSync(path.join(SRC, file), 'utf8');
    for (const m of text.matchAll(LITERAL_WRITE)) {
      const table = m[3];
      if (!writers.has(table)) writers.set(table, new Set());
      writers.get(table)!.add(moduleOf(file));
    }
    for (const m of text.matchAll(ANY_WRITE))
      if (!/^['"`]/.test(m[1])) variable.set(file, [...(variable.get(file) ?? []), m[1]]);
  }
  return { writers, variable };
}

describe('one writer per table', () => {
  const { writers, variable } = scan();

  it('finds the writes (the scan is not blind)', () => {
    expect(writers.get('merchants')).toEqual(new Set(['modules/profile']));
    expect(writers.get('offers')).toEqual(new Set(['modules/offers']));
    expect(writers.size).toBeGreaterThan(20);
  });

  it('every table is written by exactly one module', () => {
    const shared = [...writers]
      .map(([table, mods]) => ({ table, modules: [...mods].sort() }))
      .filter((w) => w.modules.length > 1)
      .filter((w) => JSON.stringify(w.modules) !== JSON.stringify([...(SHARED[w.table] ?? [])].sort()));
    expect(shared).toEqual([]);
  });

  it('the ledger is the one writer of other modules’ tables through a variable table name', () => {
    expect([...variable.keys()].sort()).toEqual(Object.keys(VARIABLE_TABLE_WRITES).sort());
    // the ledger's tables have their own owner besides it
    for (const { tables } of Object.values(VARIABLE_TABLE_WRITES))
      for (const t of tables) expect(writers.get(t)?.size, t).toBe(1);
  });

  it('maps files to their modules', () => {
    expect(moduleOf('modules/auth/auth.repository.ts')).toBe('modules/auth');
    expect(moduleOf('platform/ledger/ledger.repository.ts')).toBe('platform/ledger');
    expect(moduleOf('cli/demo/demo.repository.ts')).toBe('cli/demo');
    expect(moduleOf('cli/admin.ts')).toBe('cli');
    expect(moduleOf('db/list-counts.ts')).toBe('db');
  });
});
