// `node bench/profile.mjs [scenario] [seconds]`: the compiled server under `node --cpu-prof` on the
// bench's 10k dataset, one scenario under autocannon at 32 connections, then the CPU profile summed
// by function (self and total time) — the method behind bench/README.md, "Profile".
//
//   scenarios: offers (merchant/offer/list, 10 rows), req (merchant/req/list pending, 10 rows),
//              req1000 (1000 rows), me (merchant/me), branches, approve; default offers
//   DATABASE_URL set: the same on a fresh PostgreSQL schema
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuilt, root } from '../scripts/lib.mjs';
import { openSql, seedStandardMerchants } from './lib/seed.mjs';

const which = process.argv[2] ?? 'offers';
const seconds = Number(process.argv[3] ?? 8);
const PASSWORD = 'bench-pass-1';

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function start(env, nodeArgs = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, stop };
}

async function post(url, p, fields, token) {
  const res = await fetch(`${url}/api/${p}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: new URLSearchParams(fields),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

if ((await ensureServerBuilt()) !== 0) process.exit(1);
const kind = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-profile-'));
const profDir = path.join(dataDir, 'prof');
const schema = kind === 'postgres' ? `profile_${process.pid}` : undefined;
const env = { DATA_DIR: dataDir, TRUST_PROXY: '1', DATABASE_URL: '' };
if (schema) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.end();
  Object.assign(env, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema });
}
try {
  let server = await start(env);
  const mobiles = ['97455000901', '97455000902'];
  const ids = [];
  for (const m of mobiles)
    ids.push(
      (await post(server.url, 'merchant/signup', { name: 'P', mobile: m, password: PASSWORD, check: 'true' })).id,
    );
  await server.stop();
  const db = await openSql({ kind, file: path.join(dataDir, 'app.sqlite'), url: process.env.DATABASE_URL, schema });
  const approvals = await seedStandardMerchants(db, ids[0], ids[1]);
  await db.close();

  server = await start(env, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
  const token = (await post(server.url, 'merchant/login', { username: mobiles[0], password: PASSWORD })).token;
  const approver = (await post(server.url, 'merchant/login', { username: mobiles[1], password: PASSWORD })).token;
  let next = approvals.pendingIds.lo;
  const scenarios = {
    offers: { path: '/api/merchant/offer/list', body: 'pageNum=1&limit=10' },
    req: { path: '/api/merchant/req/list', body: 'pageNum=1&limit=10&status=pending' },
    req1000: { path: '/api/merchant/req/list', body: 'pageNum=1&limit=1000' },
    me: { path: '/api/merchant/me', body: '' },
    branches: { path: '/api/merchant/branch/list', body: 'pageNum=1&limit=10' },
    approve: {
      path: '/api/merchant/req/approve',
      body: 'reqId=0',
      token: approver,
      setup: (req) => ({ ...req, body: `reqId=${next++}` }),
    },
  };
  const s = scenarios[which];
  if (!s) throw new Error(`unknown scenario ${which}: ${Object.keys(scenarios).join(', ')}`);
  const result = await autocannon({
    url: server.url + s.path,
    method: 'POST',
    connections: 32,
    duration: seconds,
    headers: {
      authorization: `Bearer ${s.token ?? token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'accept-encoding': 'br, gzip',
    },
    body: s.body,
    ...(s.setup && { requests: [{ setupRequest: s.setup }] }),
  });
  console.log(
    `${which}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  );
  await server.stop();

  const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  const prof = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8'));
  const totalUs = prof.endTime - prof.startTime;
  const sampleUs = totalUs / prof.samples.length;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => {
    const f = n.callFrame;
    const where = f.url ? f.url.replace(/^file:\/\//, '').replace(`${root}/`, '') : '';
    const short = where.includes('node_modules/')
      ? where
          .slice(where.lastIndexOf('node_modules/') + 13)
          .split('/')
          .slice(0, 2)
          .join('/')
      : where;
    return `${f.functionName || '(anonymous)'} ${short}:${f.lineNumber + 1}`;
  };
  const self = new Map();
  const total = new Map();
  let idle = 0;
  for (const n of prof.nodes) {
    const ms = (n.hitCount * sampleUs) / 1000;
    if (n.callFrame.functionName === '(idle)') idle += ms;
    self.set(label(n), (self.get(label(n)) ?? 0) + ms);
    // inclusive: add to every distinct ancestor label once
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const l = label(byId.get(id));
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + ms);
    }
  }
  const busy = totalUs / 1000 - idle;
  const reqs = result.requests.total;
  const top = (m, n) =>
    [...m.entries()]
      .filter(([l]) => !l.startsWith('(idle)') && !l.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n);
  console.log(
    `busy ${busy.toFixed(0)} ms of ${(totalUs / 1000).toFixed(0)} ms; ${((busy * 1000) / reqs).toFixed(0)} µs/req`,
  );
  console.log('\nself time (µs per request):');
  for (const [l, ms] of top(self, 45)) console.log(`  ${((ms * 1000) / reqs).toFixed(1).padStart(7)}  ${l}`);
  console.log('\ntotal time (µs per request):');
  for (const [l, ms] of top(total, 60)) console.log(`  ${((ms * 1000) / reqs).toFixed(1).padStart(7)}  ${l}`);
} finally {
  if (process.env.PROFILE_KEEP) console.log(`data kept in ${dataDir}${schema ? ` and schema ${schema}` : ''}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema && !process.env.PROFILE_KEEP) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  }
}
