// `node bench/ab.mjs <build-a> <build-b> [scenario ...]`: two builds of the server measured in turn on
// the same data, the way to tell a change from this machine's noise (bench/README.md, "Methods").
//
// A build is a folder beside apps/server/dist holding a copy of it; put the older first (`cp -r apps/server/dist
// apps/server/dist-a` before a change, then build again). The bench's 10k dataset is seeded once;
// both builds are started on it and warmed up (WARM seconds each, per scenario), then measured in
// turns of SECONDS at CONNECTIONS (32), A B B A …, ROUNDS turns each: req/s, p50, p99, and the
// server's CPU per request read from /proc; the medians are printed. DATABASE_URL: PostgreSQL.
//
//   scenarios: offers, req (pending, 10 rows), me, branches, approve; default offers req me branches
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuilt, root } from '../scripts/lib.mjs';
import { openSql, seedStandardMerchants } from './lib/seed.mjs';

const [buildA, buildB, ...picked] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error('usage: node bench/ab.mjs <build-a> <build-b> [scenario ...]');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const WARM = Number(process.env.WARM ?? 6);
const SECONDS = Number(process.env.SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const PASSWORD = 'bench-pass-1';
const which = picked.length ? picked : ['offers', 'req', 'me', 'branches'];

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const cpuMs = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};

async function start(build, env) {
  const port = await freePort();
  const main = path.join(root, build, 'main.js');
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${build}: server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, pid: child.pid, stop };
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

const cannon = (url, s, token, seconds) =>
  autocannon({
    url: url + s.path,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'accept-encoding': 'br, gzip',
    },
    body: s.body,
    ...(s.setup && { requests: [{ setupRequest: s.setup }] }),
  });

if ((await ensureServerBuilt()) !== 0) process.exit(1);
const kind = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-ab-'));
const schema = kind === 'postgres' ? `ab_${process.pid}` : undefined;
const env = { DATA_DIR: dataDir, TRUST_PROXY: '1', DATABASE_URL: '' };
const admin = async (q) => {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  await c.query(q);
  await c.end();
};
if (schema) {
  await admin(`CREATE SCHEMA ${schema}`);
  Object.assign(env, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema });
}
try {
  // the first build migrates the data (an older build refuses a database a newer one migrated)
  const server = await start(buildA, env);
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
  let next = approvals.pendingIds.lo;
  const scenarios = {
    offers: { path: '/api/merchant/offer/list', body: 'pageNum=1&limit=10' },
    req: { path: '/api/merchant/req/list', body: 'pageNum=1&limit=10&status=pending' },
    me: { path: '/api/merchant/me', body: '' },
    branches: { path: '/api/merchant/branch/list', body: 'pageNum=1&limit=10' },
    approve: {
      path: '/api/merchant/req/approve',
      body: 'reqId=0',
      approver: true,
      setup: (req) => ({ ...req, body: `reqId=${next++}` }),
    },
  };
  const results = new Map();
  // both builds run at once on the same data, warmed up, then measured in short turns, A B B A …:
  // this machine's speed drifts by a fifth within a minute, and turns this short see the same drift
  const servers = [];
  for (const build of [buildA, buildB]) {
    const srv = await start(build, env);
    srv.build = build;
    srv.token = (await post(srv.url, 'merchant/login', { username: mobiles[0], password: PASSWORD })).token;
    srv.approver = (await post(srv.url, 'merchant/login', { username: mobiles[1], password: PASSWORD })).token;
    servers.push(srv);
  }
  try {
    for (const name of which) {
      const s = scenarios[name];
      if (!s) throw new Error(`unknown scenario ${name}: ${Object.keys(scenarios).join(', ')}`);
      for (const srv of servers) if (WARM) await cannon(srv.url, s, s.approver ? srv.approver : srv.token, WARM);
      for (let round = 0; round < ROUNDS; round++) {
        for (const srv of round % 2 ? [...servers].reverse() : servers) {
          const c0 = cpuMs(srv.pid);
          const r = await cannon(srv.url, s, s.approver ? srv.approver : srv.token, SECONDS);
          const cpu = ((cpuMs(srv.pid) - c0) * 1000) / Math.max(1, r.requests.total);
          const key = `${name} ${srv.build}`;
          if (!results.has(key)) results.set(key, []);
          results
            .get(key)
            .push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu, bad: r.non2xx });
          if (process.env.VERBOSE)
            console.log(
              `${name.padEnd(9)} ${srv.build.padEnd(24)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  CPU ${cpu.toFixed(0)} µs/req${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}`,
            );
        }
      }
    }
  } finally {
    for (const srv of servers) await srv.stop();
  }
  console.log(
    `median of ${ROUNDS} turns of ${SECONDS} s at ${CONNECTIONS} connections (CPU: the server's, per request):`,
  );
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [key, runs] of results)
    console.log(
      `  ${key.padEnd(34)} ${med(runs.map((r) => r.rps))
        .toFixed(0)
        .padStart(
          6,
        )} req/s  p50 ${med(runs.map((r) => r.p50))} ms  p99 ${med(runs.map((r) => r.p99))} ms  CPU ${med(runs.map((r) => r.cpu)).toFixed(0)} µs/req${runs.some((r) => r.bad) ? '  NON-2XX' : ''}`,
    );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}
