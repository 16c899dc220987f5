/**
 * Stopping the server (README, "Stopping"): SIGTERM, SIGINT or SIGHUP, sent to `npm start`, to
 * scripts/start.mjs or to the whole process group as a terminal's Ctrl-C does, stop the server
 * cleanly: the port closes, every process of the tree exits and the database is closed. In-flight
 * requests finish within a bound; a second signal exits at once.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ShutdownSignal, stopOnSignals } from '../src/lib/shutdown';
import { freePort } from './ports';

const root = path.resolve(__dirname, '../../..');
const quietLog = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('stopOnSignals', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) {
      app.server.closeAllConnections();
      await app.close();
    }
  });

  async function slowApp(delayMs: number) {
    const app = Fastify();
    apps.push(app);
    app.get('/slow', async () => {
      await sleep(delayMs);
      return { data: 'done' };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  }

  it('lets an in-flight request finish, closes the rest, then exits 0', async () => {
    const { app, url } = await slowApp(400);
    const signals = new EventEmitter();
    const exits: number[] = [];
    let databaseClosed = false;
    stopOnSignals({
      log: quietLog,
      signals,
      exit: (code) => exits.push(code),
      close: async () => {
        await app.close();
        databaseClosed = true;
      },
      forceClose: () => app.server.closeAllConnections(),
      closeIdle: () => app.server.closeIdleConnections(),
    });
    const inFlight = fetch(`${url}/slow`);
    await sleep(100);
    signals.emit('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: 'done' });
    await waitFor('the exit', () => exits.length > 0, 5_000);
    expect(exits).toEqual([0]);
    expect(databaseClosed).toBe(true);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
  });

  it('cuts requests still open after the bound and exits', async () => {
    const { app, url } = await slowApp(60_000);
    const signals = new EventEmitter();
    const exits: number[] = [];
    stopOnSignals({
      log: quietLog,
      signals,
      timeoutMs: 300,
      exit: (code) => exits.push(code),
      close: () => app.close(),
      forceClose: () => app.server.closeAllConnections(),
    });
    const hanging = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await sleep(100);
    const started = Date.now();
    signals.emit('SIGINT');
    expect(await hanging).toBe('cut');
    await waitFor('the exit', () => exits.length > 0, 5_000);
    expect(exits).toEqual([0]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('exits at once on a second signal, but not on the same one arriving again by another path', async () => {
    const signals = new EventEmitter();
    const exits: number[] = [];
    let now = 1_000;
    const onSignal = stopOnSignals({
      log: quietLog,
      signals,
      now: () => now,
      exit: (code) => exits.push(code),
      close: () => new Promise<void>(() => {}), // never finishes by itself
      forceClose: () => {},
    });
    onSignal('SIGINT');
    now += 20; // the terminal's SIGINT, then npm's and start.mjs's copies of it
    signals.emit('SIGINT');
    signals.emit('SIGTERM');
    expect(exits).toEqual([]);
    now += 2_000;
    signals.emit('SIGINT');
    expect(exits).toEqual([1]);
  });
});

// ---------------------------------------------------------------------------------------------
// The real thing: npm start and scripts/start.mjs, with a stub web build (no rebuild)

const usePg = process.env.TEST_DB === 'postgres';
const tmpDirs: string[] = [];
const schemas: string[] = [];
const started: ChildProcess[] = [];

afterAll(async () => {
  for (const child of started) {
    // a failed test must not leave a server behind: end the process group we started, by its id
    // (its leader may be gone while an orphaned server of the group still runs)
    if (!child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* the whole group is gone */
    }
  }
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (schemas.length) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await client.end();
  }
});

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The process and all its descendants (from ps). */
function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of rows) if (parent === tree[i] && !tree.includes(child)) tree.push(child);
  return tree;
}

/** Running (a zombie waiting for its parent to read its exit counts as gone). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    if (fs.existsSync('/proc/self/stat')) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

async function launch(cmd: string, args: readonly string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-stop-data-'));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-stop-web-'));
  tmpDirs.push(dataDir, webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>stub</title>');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SKIP_WEB_BUILD: '1',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    DATABASE_SCHEMA: '',
  };
  for (const k of Object.keys(env)) if (k.startsWith('npm_')) delete env[k];
  if (usePg) {
    const schema = `stop_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    schemas.push(schema);
    env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    env.DATABASE_SCHEMA = schema;
  }
  // its own process group, so that a test can signal the group as a terminal does
  const child = spawn(cmd, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(
    'the server to answer /api/health',
    async () => {
      if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    90_000,
  );
  const res = await fetch(`http://127.0.0.1:${port}/`);
  expect(res.status).toBe(200);
  const tree = processTree(child.pid ?? 0);
  return { child, port, dataDir, tree, exited, output: () => output };
}

describe.each([
  { how: 'npm start, SIGTERM to npm', cmd: 'npm', args: ['start'], signal: 'SIGTERM', to: 'process' },
  {
    how: 'node scripts/start.mjs, SIGTERM',
    cmd: process.execPath,
    args: ['scripts/start.mjs'],
    signal: 'SIGTERM',
    to: 'process',
  },
  {
    how: 'node scripts/start.mjs, SIGHUP',
    cmd: process.execPath,
    args: ['scripts/start.mjs'],
    signal: 'SIGHUP',
    to: 'process',
  },
  { how: 'npm start, Ctrl-C (SIGINT to the group)', cmd: 'npm', args: ['start'], signal: 'SIGINT', to: 'group' },
] as const)('stopping the server: $how', ({ cmd, args, signal, to }) => {
  it('closes the port, ends every process of the tree and closes the database', async () => {
    const s = await launch(cmd, args);
    expect(s.tree.length).toBeGreaterThanOrEqual(2);
    const pid = s.child.pid ?? 0;
    process.kill(to === 'group' ? -pid : pid, signal as ShutdownSignal);
    await waitFor('the port to close', async () => !(await portOpen(s.port)), 10_000);
    await waitFor(`every process of ${s.tree.join(' ')} to exit`, () => s.tree.every((p) => !running(p)), 10_000);
    await s.exited;
    const log = s.output();
    expect(log).toContain(`${signal}: shutting down`);
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain('exiting at once');
    if (cmd !== 'npm') expect(s.child.exitCode).toBe(0);
    // better-sqlite3 folds the write-ahead log back and removes it when the database is closed
    if (!usePg) expect(fs.existsSync(path.join(s.dataDir, 'app.sqlite-wal'))).toBe(false);
  }, 120_000);
});
