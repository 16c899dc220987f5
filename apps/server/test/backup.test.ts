/**
 * `npm run admin -- backup <file>` / `restore <file>` (docs/deploy.md, "Backups"): a backup taken
 * while clients keep writing, restored into a fresh folder, serves a new server with the data
 * there and SQLite's integrity check passing; a restore over a database in use is refused. On
 * PostgreSQL the commands refuse and name pg_dump.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { backup, restore } from '../src/cli/backup';
import { openDatabase } from '../src/db/dialect';
import { migrateToLatest } from '../src/db/migrate';
import SQLite from '../src/db/sqlite-driver';
import { adminCommand } from './admin-command';
import { encode, type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';

const usePg = process.env.TEST_DB === 'postgres';
let t: TestServer;
let m: MerchantFixture;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-backup-'));
beforeAll(async () => {
  t = await startTestServer();
  m = await merchantFixture(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const branch = (name: string) => ({
  branchName: name,
  phone: '97444001122',
  address: 'West Bay, Doha',
  addressAr: 'الخليج الغربي',
  lat: '25.3245',
  long: '51.5302',
});

describe.skipIf(!usePg)('on PostgreSQL', () => {
  it('backup and restore refuse and recommend pg_dump / pg_restore', async () => {
    for (const cmd of ['backup', 'restore']) {
      const res = adminCommand([cmd, path.join(tmp, 'x.sqlite')], t.databaseEnv);
      await expect(res).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('pg_dump') });
    }
    expect(fs.existsSync(path.join(tmp, 'x.sqlite'))).toBe(false);
  }, 60_000);
});

describe.skipIf(usePg)('on the embedded database', () => {
  it('backs up under write load, restores into a fresh folder, and a server there has the data', async () => {
    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        const name = `bk-${w}-${i}`;
        const res = await t.call('merchant/addBranch', branch(name), { token: m.token });
        if (res.status === 200) acknowledged.push(name);
      }
    };
    const writers = Array.from({ length: 4 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 500));
    const ackedBeforeBackup = [...acknowledged];
    const file = path.join(tmp, 'nested', 'backup.sqlite');
    const out = await adminCommand(['backup', file], t.databaseEnv);
    const ackedDuringBackup = acknowledged.length;
    writing = false;
    await Promise.all(writers);
    expect(out.stdout).toContain('integrity ok');
    // a backup holds every account: its owner's only (docs/deploy.md, "Production checklist")
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(ackedBeforeBackup.length).toBeGreaterThan(0);
    expect(ackedDuringBackup).toBeGreaterThan(ackedBeforeBackup.length); // writes went on meanwhile

    // (the refusals, called in this process: the command line only prints their message)
    const dataDir = t.databaseEnv.DATA_DIR;
    // a second backup to the same name is refused rather than overwriting
    await expect(backup({ dataDir, file })).rejects.toThrow(/already exists/);
    // restoring over the database the running server holds open is refused
    await expect(restore({ dataDir, file })).rejects.toThrow(/in use \(is the server running\?\)/);
    // a file that is not a backup is refused
    fs.writeFileSync(path.join(tmp, 'junk.sqlite'), 'not a database');
    const fresh = path.join(tmp, 'fresh-data');
    await expect(restore({ dataDir: fresh, file: path.join(tmp, 'junk.sqlite') })).rejects.toThrow(
      /not a usable backup/,
    );

    const restored = await adminCommand(['restore', file], { DATA_DIR: fresh, DATABASE_URL: '', DATABASE_SCHEMA: '' });
    expect(restored.stdout).toContain('Restored');
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(fresh, 'app.sqlite')).mode & 0o777).toBe(0o600);
    const check = new SQLite(path.join(fresh, 'app.sqlite'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();

    // a server on the restored folder: the merchant's session and branches are there
    const database = openDatabase({ dataDir: fresh });
    await migrateToLatest(database);
    const { app } = await buildApp({ database, dataDir: fresh });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const res = await fetch(`${url}/api/merchant/branch/list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}` },
        body: encode({ pageNum: 1, limit: 1000 }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { branches?: { branchName: string }[]; count: number } };
      const names = new Set(
        (await database.db.selectFrom('branches').select('branchName').where('merchantId', '=', m.id).execute()).map(
          (r) => r.branchName,
        ),
      );
      expect(body.data.count).toBe(names.size);
      for (const n of ackedBeforeBackup) expect(names.has(n), `${n} acknowledged before the backup`).toBe(true);
      expect(names.size).toBeLessThanOrEqual(acknowledged.length);
      for (const n of names) expect(acknowledged.includes(n)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
