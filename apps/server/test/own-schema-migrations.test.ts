/**
 * Migrations look only at the database's own schema (src/db/own-schema-introspector.ts): another
 * schema's migration tables do not count as ours, and other schemas coming and going while we
 * migrate (test files side by side on one database) do not fail the migration. PostgreSQL only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/dialect';
import { migrateToLatest } from '../src/db/migrate';

const url = process.env.TEST_DATABASE_URL ?? '';
const name = (what: string) => `t_${process.pid}_${what}_${Math.random().toString(36).slice(2, 8)}`;
const created: string[] = [];

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  if (created.length)
    await admin(async (c) => {
      for (const s of created) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('migrations in their own schema', () => {
  it("creates its migration tables though another schema has them (a server without DATABASE_SCHEMA, on its connection's search path)", async () => {
    const other = name('other');
    const ours = name('ours');
    created.push(other, ours);
    await admin(async (c) => {
      await c.query(`CREATE SCHEMA ${other}`);
      await c.query(`CREATE TABLE ${other}.kysely_migration (name varchar(255) primary key, timestamp varchar(255))`);
      await c.query(`CREATE TABLE ${other}.kysely_migration_lock (id varchar(255) primary key, is_locked integer)`);
      await c.query(`CREATE SCHEMA ${ours}`);
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-own-schema-'));
    const sep = url.includes('?') ? '&' : '?';
    // no pgSchema: the schema comes from the connection's own search path, as a DATABASE_URL may set it
    const database = openDatabase({
      databaseUrl: `${url}${sep}options=${encodeURIComponent(`-c search_path=${ours}`)}`,
      dataDir,
    });
    try {
      const applied = await migrateToLatest(database);
      expect(applied.length).toBeGreaterThan(10);
      const tables = await admin(async (c) =>
        (await c.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1`, [ours])).rows.map(
          (r: { table_name: string }) => r.table_name,
        ),
      );
      expect(tables).toEqual(expect.arrayContaining(['kysely_migration', 'merchants']));
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('migrates while other schemas are created and dropped side by side', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-own-schema-'));
    let churning = true;
    const churn = admin(async (c) => {
      for (let i = 0; churning; i++) {
        const s = name(`churn${i}`);
        await c.query(`CREATE SCHEMA ${s}`);
        await c.query(`CREATE TABLE ${s}.t (id int)`);
        await c.query(`DROP SCHEMA ${s} CASCADE`);
      }
    });
    try {
      for (let round = 0; round < 4; round++) {
        const ours = name(`mig${round}`);
        created.push(ours);
        await admin((c) => c.query(`CREATE SCHEMA ${ours}`));
        const database = openDatabase({ databaseUrl: url, dataDir, pgSchema: ours });
        try {
          expect((await migrateToLatest(database)).length).toBeGreaterThan(10);
        } finally {
          await database.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
