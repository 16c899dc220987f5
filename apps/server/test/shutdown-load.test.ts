/**
 * SIGTERM during load (README, "Stopping"; docs/deploy.md): the real server process, clients
 * writing concurrently over keep-alive connections, SIGTERM in the middle. Every write the server
 * acknowledged (200) is in the database, exactly once; every request a client sent before the
 * signal is answered 200 (none is cut or refused); the process exits 0 and closes the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../src/db/dialect';
import { freePort } from './ports';

const root = path.resolve(__dirname, '../../..');
const usePg = process.env.TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

interface Attempt {
  name: string;
  startedAt: number;
  endedAt?: number;
  status?: number;
  error?: string;
}

it('SIGTERM under concurrent writes loses no acknowledged write and cuts no request sent before it', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-sigterm-'));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-sigterm-web-'));
  cleanups.push(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>stub</title>');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    DATABASE_SCHEMA: '',
  };
  let schema: string | undefined;
  if (usePg) {
    schema = `sigterm_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    env.DATABASE_SCHEMA = schema;
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    });
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }

  // a merchant, approved straight in the database (as the operator command would)
  const mobile = `9745${String(process.pid % 1000).padStart(3, '0')}9001`;
  const signup = await fetch(`${url}/api/merchant/signup`, {
    method: 'POST',
    body: form({ name: 'Shutdown shop', mobile, password: 'secret-pass-1', check: 'true', userCurrncy: 'USD' }),
  });
  expect(signup.status).toBe(200);
  const { data } = (await signup.json()) as { data: { id: number; token: string } };
  const database: DbHandle = openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: schema,
    dataDir,
    poolSize: 2,
  });
  cleanups.push(() => database.close());
  await database.db.updateTable('merchants').set({ status: 'approved' }).where('id', '=', data.id).execute();

  // 16 clients writing branches back to back until the server is gone
  const attempts: Attempt[] = [];
  let signalAt = Number.POSITIVE_INFINITY;
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      const a: Attempt = { name: `load-${w}-${i}`, startedAt: performance.now() };
      attempts.push(a);
      try {
        const res = await fetch(`${url}/api/merchant/addBranch`, {
          method: 'POST',
          headers: { authorization: `Bearer ${data.token}` },
          body: form({
            branchName: a.name,
            phone: '97444001122',
            address: 'West Bay, Doha',
            addressAr: 'الخليج الغربي',
            lat: '25.3245',
            long: '51.5302',
          }),
        });
        await res.arrayBuffer();
        a.status = res.status;
      } catch (err) {
        a.error = String((err as { cause?: { code?: string } }).cause?.code ?? err);
      }
      a.endedAt = performance.now();
      if (a.startedAt > signalAt && (a.error || a.status === 503)) return; // the server is stopping
      if (i > 5_000) return;
    }
  };
  const workers = Array.from({ length: 16 }, (_, w) => worker(w));
  await sleep(1_500);
  signalAt = performance.now();
  process.kill(child.pid ?? 0, 'SIGTERM');
  await Promise.all(workers);
  expect(await exited).toBe(0);
  expect(output).toContain('SIGTERM: shutting down');
  expect(output).toContain('"msg":"stopped"');

  const before = attempts.filter((a) => a.startedAt < signalAt);
  const inFlightAtSignal = before.filter((a) => (a.endedAt ?? 0) > signalAt);
  const acknowledged = attempts.filter((a) => a.status === 200);
  expect(before.length).toBeGreaterThan(50);
  expect(inFlightAtSignal.length).toBeGreaterThan(0);
  // nothing sent before the signal was cut, refused or answered 503
  expect(before.filter((a) => a.status !== 200)).toEqual([]);

  const rows = await database.db
    .selectFrom('branches')
    .select(['branchName'])
    .where('merchantId', '=', data.id)
    .execute();
  const stored = rows.map((r) => r.branchName);
  expect(new Set(stored).size).toBe(stored.length); // nothing written twice
  const storedSet = new Set(stored);
  const lost = acknowledged.filter((a) => !storedSet.has(a.name));
  expect(lost).toEqual([]);
  // and nothing answered with an error was written
  const refused = new Set(attempts.filter((a) => a.status !== undefined && a.status !== 200).map((a) => a.name));
  expect(stored.filter((n) => refused.has(n))).toEqual([]);
}, 150_000);
