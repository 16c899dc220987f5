/**
 * The embedded database's driver for this Node (db/sqlite-driver.ts, docs/decisions/0014): the
 * package chosen by Node-API version, and statements that become garbage between microtasks (what
 * Kysely's queries do) without aborting the process — better-sqlite3 12 built for Node 24 aborts
 * there (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook, from
 * Statement::~Statement) in most runs of the script below. Engine-independent: no server.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import SQLite, { SQLITE_DRIVER } from '../src/db/sqlite-driver';

const root = path.resolve(__dirname, '../../..');

describe('the SQLite driver', () => {
  it('is better-sqlite3 13 where Node offers Node-API 10 (Node 22.14+, 24), else better-sqlite3 12', () => {
    const napi10 = Number(process.versions.napi) >= 10;
    expect(SQLITE_DRIVER).toBe(napi10 ? 'better-sqlite3-13' : 'better-sqlite3');
    const { version } = createRequire(import.meta.url)(`${SQLITE_DRIVER}/package.json`) as { version: string };
    expect(version.split('.')[0]).toBe(napi10 ? '13' : '12');
    const db = new SQLite(':memory:');
    expect(db.prepare('SELECT sqlite_version() AS v').get()).toEqual({ v: expect.stringMatching(/^3\./) });
    db.close();
  });

  it('survives thousands of statements garbage-collected between microtasks, in five processes', async () => {
    // the driver package this module chose, loaded by a plain script whose rounds go on in
    // microtasks after it has run (better-sqlite3 12 on Node 24 aborts in nearly every such run)
    const script = `
      const SQLite = require(process.argv[1]);
      const db = new SQLite(':memory:');
      (async () => {
        for (let round = 0; round < 10; round++) {
          for (let i = 0; i < 500; i++) db.prepare('SELECT ' + i + ' + ? AS x').get(round);
          await Promise.resolve();
        }
        db.close();
        console.log('survived');
      })();
    `;
    const runs = [];
    for (let i = 0; i < 5; i++)
      runs.push(
        await promisify(execFile)(process.execPath, ['-e', script, SQLITE_DRIVER], { cwd: root }).then(
          (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
          (e: { code: number; signal?: string; stdout: string; stderr: string }) => ({
            code: e.code ?? e.signal,
            out: e.stdout,
            err: e.stderr,
          }),
        ),
      );
    for (const r of runs) expect(r, r.err).toMatchObject({ code: 0, out: 'survived\n' });
  }, 60_000);
});
