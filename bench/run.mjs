// `npm run bench`: the real server, built as in production (apps/server/dist, plain node), measured
// from outside with autocannon against a bare Fastify hello of the same Fastify version, in
// alternating rounds on the same machine. See bench/README.md for what each scenario means.
//
//   npm run bench                      embedded database (and PostgreSQL too when DATABASE_URL is set)
//   npm run bench -- --quick           shorter rounds (1 s, 1 round), a smoke run
//   npm run bench -- --scale           adds the 1M offer-request dataset (list + count vs 10k rows)
//   npm run bench -- --lighthouse      adds Lighthouse on /login and the signed-in /dashboard (installed on demand)
//   npm run bench -- --no-write        prints the results without writing bench/results or the README
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuilt, ensureWebBuilt, root } from '../scripts/lib.mjs';
import { firstLoad, SCREENS } from './lib/first-load.mjs';
import { measureOverhead, OVERHEAD_SCENARIOS } from './lib/overhead.mjs';
import { openSql, seedMerchant, seedStandardMerchants } from './lib/seed.mjs';

const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const DURATION = Number(process.env.BENCH_SECONDS ?? (QUICK ? 1 : 3));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 2));
const PASSWORD = 'bench-pass-1';
/** BENCH_ONLY: a regular expression; only the scenarios whose name matches it run (and none of --scale's). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
/** BENCH_MEMORY=1: V8's heap at the end of each database's part and the RSS for 20 s after (a metrics token for the server). */
const MEMORY = process.env.BENCH_MEMORY ? crypto.randomBytes(24).toString('hex') : undefined;
/** Merchants whose approvals the spread scenario takes in turn. */
const SPREAD = 8;

const log = (...a) => console.log(...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const rss = (pid) => {
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return {
      rssMB: kb('VmRSS') / 1024,
      peakMB: kb('VmHWM') / 1024,
      // what the resident set is: anonymous (heaps, the allocator), file-backed (code, mapped files), shared
      anonMB: kb('RssAnon') / 1024,
      fileMB: kb('RssFile') / 1024,
      shmemMB: kb('RssShmem') / 1024,
    };
  } catch {
    return { rssMB: Number.NaN, peakMB: Number.NaN, anonMB: Number.NaN, fileMB: Number.NaN, shmemMB: Number.NaN };
  }
};

/**
 * CPU time (user + system, ms) a process has used so far. CPU per request does not depend on how
 * many other processes share the cores, unlike req/s, so it is the figure to compare on a loaded
 * machine (clock ticks of 10 ms: runs of a few seconds are precise to a few percent).
 */
const cpuMs = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
};

/** Starts a node process on a free port; resolves once `healthPath` answers 200, with the time it took. */
async function startProcess(script, env, healthPath) {
  const port = await freePort();
  const t0 = performance.now();
  // BENCH_SERVER_NODE_FLAGS: node flags for the app's server only (never the bare hello), e.g. a V8
  // setting to measure; BENCH_SERVER_STDOUT: a file for that server's standard output (--trace-gc)
  const app = script === 'apps/server/dist/main.js';
  const flags = app ? (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean) : [];
  const out = app && process.env.BENCH_SERVER_STDOUT ? fs.openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore';
  const child = spawn(process.execPath, [...flags, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', out, 'inherit'],
  });
  if (typeof out === 'number') fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + healthPath);
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    await sleep(5);
  }
  const ms = performance.now() - t0;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, ms, pid: child.pid, stop };
}

async function post(url, p, fields, token) {
  const res = await fetch(`${url}/api/${p}`, {
    method: 'POST',
    headers: { ...(token && { authorization: `Bearer ${token}` }), 'x-forwarded-for': randomIp() },
    body: new URLSearchParams(fields),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

let ipCounter = 0;
const randomIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** One autocannon run; `setup` may vary each request (body, headers). */
function cannon({ url, method = 'POST', path: p, body, headers = {}, connections, setup }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: url + p,
        method,
        connections,
        duration: DURATION,
        headers: {
          'accept-encoding': 'br, gzip',
          ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
          ...headers,
        },
        body,
        ...(setup && { requests: [{ setupRequest: setup }] }),
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
  total: r.requests.total,
});

/** Mean of several runs. */
const meanOf = (runs) => {
  const m = (k) => runs.reduce((n, r) => n + r[k], 0) / runs.length;
  return {
    rps: m('rps'),
    cpu: m('cpu'),
    p50: m('p50'),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: m('errors') * runs.length,
    total: m('total') * runs.length,
  };
};

/**
 * Waits until the server has worked off what a run left queued (autocannon stops sending, the
 * server goes on answering): a health check must come back within 20 ms, for 10 s at most.
 */
async function settle(url) {
  const until = performance.now() + 10_000;
  while (performance.now() < until) {
    const t0 = performance.now();
    await fetch(`${url}/api/health`).catch(() => undefined);
    if (performance.now() - t0 < 20) return;
    await sleep(100);
  }
}

/** Runs each scenario against the app and the bare hello alternately, ROUNDS times. */
async function measure(bare, scenarios, server) {
  const rows = [];
  for (const s of scenarios) {
    const appRuns = [];
    const bareRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      let c0 = cpuMs(bare.pid);
      const b = summary(await cannon({ url: bare.url, method: 'GET', path: '/hello', connections: s.connections }));
      bareRuns.push({ ...b, cpu: (cpuMs(bare.pid) - c0) / Math.max(1, b.total) });
      c0 = cpuMs(server.pid);
      const a = summary(await cannon({ url: server.url, ...s }));
      appRuns.push({ ...a, cpu: (cpuMs(server.pid) - c0) / Math.max(1, a.total) });
      await settle(server.url);
      server.peak = Math.max(server.peak ?? 0, rss(server.pid).rssMB);
    }
    const a = meanOf(appRuns);
    const b = meanOf(bareRuns);
    const row = {
      name: s.name,
      connections: s.connections,
      ...a,
      bareRps: b.rps,
      share: a.rps / b.rps,
      bareCpu: b.cpu,
      cpuShare: b.cpu / a.cpu,
    };
    log(
      `  ${s.name.padEnd(34)} c=${String(s.connections).padStart(2)}  ${a.rps.toFixed(0).padStart(6)} req/s  ` +
        `(${(row.share * 100).toFixed(1)}% of bare ${b.rps.toFixed(0)})  p50 ${a.p50} ms  p99 ${a.p99} ms  ` +
        `CPU ${(a.cpu * 1000).toFixed(0)} µs/req (bare ${(b.cpu * 1000).toFixed(0)}: ${(row.cpuShare * 100).toFixed(1)}%)` +
        (a.errors ? `  ERRORS ${a.errors}` : ''),
    );
    rows.push(row);
  }
  return rows;
}

/** A timed list + count against a seeded merchant, through the API (median of n calls, one at a time). */
async function medianCall(url, p, fields, token, n = 30) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await post(url, p, fields, token);
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  return times[Math.floor(n / 2)];
}

async function runDatabase(kind, bare) {
  log(`\n== ${kind === 'sqlite' ? 'embedded database (SQLite)' : 'PostgreSQL'} ==`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-'));
  const schema = kind === 'postgres' ? `bench_${process.pid}` : undefined;
  const dbEnv = {
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    ...(MEMORY ? { METRICS_TOKEN: MEMORY } : {}),
  };
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    Object.assign(dbEnv, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema });
  }
  const env = kind === 'sqlite' ? { ...dbEnv, DATABASE_URL: '' } : dbEnv;
  const result = { kind };
  try {
    // first start migrates a new database; then the accounts, through the API
    let server = await startProcess('apps/server/dist/main.js', env, '/api/health');
    result.firstStartMs = server.ms;
    const signup = async (mobile) => {
      const s = await post(server.url, 'merchant/signup', { name: 'Bench', mobile, password: PASSWORD, check: 'true' });
      return s.id;
    };
    const mobiles = ['97455000901', '97455000902', '97455000903', '97455000904', '97455000905'];
    const ids = [];
    for (const m of mobiles) ids.push(await signup(m));
    // approvals spread over several merchants (a platform's counters at lunch time), beside the
    // one merchant whose every approval waits for its own balance row
    const spreadMobiles = Array.from({ length: SPREAD }, (_, i) => `9745500081${i}`);
    const spreadIds = [];
    for (const m of spreadMobiles) spreadIds.push(await signup(m));
    await server.stop();

    // bulk data by SQL while the server is down
    const db = await openSql({ kind, file: path.join(dataDir, 'app.sqlite'), url: process.env.DATABASE_URL, schema });
    const t0 = performance.now();
    const approvals = await seedStandardMerchants(db, ids[0], ids[1]);
    const spread = [];
    for (const [i, merchantId] of spreadIds.entries())
      spread.push(
        await seedMerchant(db, {
          merchantId,
          branches: 2,
          offers: 4,
          customers: 200,
          requests: 20_000,
          pendingShare: 1,
          tag: `9746${3 + i}`,
        }),
      );
    for (const id of ids.slice(2))
      await db.exec(`UPDATE merchants SET status = 'approved', is_live = 1 WHERE id = ${id}`);
    log(`  seeded 10k + 100k + ${SPREAD} × 20k offer requests in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // start to healthy on a migrated database, as `npm start` once built (best of 3)
    const starts = [];
    for (let i = 0; i < 3; i++) {
      const s = await startProcess('apps/server/dist/main.js', env, '/api/health');
      starts.push(s.ms);
      if (i < 2) await s.stop();
      else server = s;
    }
    result.startMs = Math.min(...starts);
    await sleep(500);
    result.idle = rss(server.pid);
    log(
      `  start to healthy ${result.startMs.toFixed(0)} ms (first start with migrations ${result.firstStartMs.toFixed(0)} ms); idle RSS ${result.idle.rssMB.toFixed(0)} MB (anonymous ${result.idle.anonMB.toFixed(0)}, files ${result.idle.fileMB.toFixed(0)}, shared ${result.idle.shmemMB.toFixed(0)})`,
    );

    const [token, approverToken] = [
      (await post(server.url, 'merchant/login', { username: mobiles[0], password: PASSWORD })).token,
      (await post(server.url, 'merchant/login', { username: mobiles[1], password: PASSWORD })).token,
    ];
    const auth = (t) => ({ authorization: `Bearer ${t}` });
    let nextReq = approvals.pendingIds.lo;
    const spreadTokens = [];
    for (const m of spreadMobiles)
      spreadTokens.push((await post(server.url, 'merchant/login', { username: m, password: PASSWORD })).token);
    const spreadNext = spread.map((s) => s.pendingIds.lo);
    let spreadTurn = 0;
    const loginBody = (m) => new URLSearchParams({ username: m, password: PASSWORD }).toString();
    let loginTurn = 0;
    const scenarios = [];
    for (const connections of [1, 32]) {
      scenarios.push(
        {
          name: 'merchant/offer/list, 10 rows',
          path: '/api/merchant/offer/list',
          body: 'pageNum=1&limit=10',
          headers: auth(token),
          connections,
        },
        {
          name: 'merchant/req/list pending, 10 rows',
          path: '/api/merchant/req/list',
          body: 'pageNum=1&limit=10&status=pending',
          headers: auth(token),
          connections,
        },
        {
          name: 'merchant/req/list, 1000 rows',
          path: '/api/merchant/req/list',
          body: 'pageNum=1&limit=1000',
          headers: auth(token),
          connections,
        },
        { name: 'merchant/me', path: '/api/merchant/me', body: '', headers: auth(token), connections },
        {
          name: 'merchant/branch/list, 10 rows',
          path: '/api/merchant/branch/list',
          body: 'pageNum=1&limit=10',
          headers: auth(token),
          connections,
        },
        {
          name: 'merchant/req/approve (ledger rows)',
          path: '/api/merchant/req/approve',
          body: 'reqId=0',
          headers: auth(approverToken),
          connections,
          setup: (req) => ({ ...req, body: `reqId=${nextReq++}` }),
        },
        {
          name: `merchant/req/approve, ${SPREAD} merchants`,
          path: '/api/merchant/req/approve',
          body: 'reqId=0',
          headers: auth(spreadTokens[0]),
          connections,
          setup: (req) => {
            const k = spreadTurn++ % SPREAD;
            return { ...req, body: `reqId=${spreadNext[k]++}`, headers: { ...req.headers, ...auth(spreadTokens[k]) } };
          },
        },
      );
    }
    scenarios.push({
      name: 'merchant/login (argon2id)',
      path: '/api/merchant/login',
      body: loginBody(mobiles[2]),
      connections: 4,
      setup: (req) => ({
        ...req,
        body: loginBody(mobiles[2 + (loginTurn++ % 3)]),
        headers: { ...req.headers, 'x-forwarded-for': randomIp() },
      }),
    });
    const chosen = scenarios.filter((s) => !ONLY || ONLY.test(s.name));
    result.rows = await measure(bare, chosen, server);
    // our own overhead: a 10-row list's CPU against its statements on the driver (lib/overhead.mjs)
    result.overhead = await measureOverhead({
      kind,
      env,
      startProcess,
      log,
      rows: result.rows,
      scenarios: chosen.filter((s) => s.connections === 32 && OVERHEAD_SCENARIOS.includes(s.name)),
      db: { file: path.join(dataDir, 'app.sqlite'), url: process.env.DATABASE_URL, schema },
    });

    // exactly once: every approved request moved its point once (two ledger rows: customer and merchant)
    const done = await db.one(
      `SELECT COUNT(*) AS n FROM offer_requests WHERE merchant_id = ${ids[1]} AND status = 'done'`,
    );
    const ledger = await db.one(
      `SELECT COUNT(*) AS n FROM ledger_entries WHERE reference LIKE 'offer_request:%' AND account_type = 'merchant' AND account_id = ${ids[1]}`,
    );
    const balance = await db.one(`SELECT balance FROM merchants WHERE id = ${ids[1]}`);
    result.approvals = { done: Number(done.n), ledger: Number(ledger.n), balance: Number(balance.balance) };
    // and for each of the merchants approved in turn
    let spreadOk = true;
    let spreadDone = 0;
    for (const id of spreadIds) {
      const d = Number(
        (await db.one(`SELECT COUNT(*) AS n FROM offer_requests WHERE merchant_id = ${id} AND status = 'done'`)).n,
      );
      const l = Number(
        (
          await db.one(
            `SELECT COUNT(*) AS n FROM ledger_entries WHERE reference LIKE 'offer_request:%' AND account_type = 'merchant' AND account_id = ${id}`,
          )
        ).n,
      );
      const b = Number((await db.one(`SELECT balance FROM merchants WHERE id = ${id}`)).balance);
      spreadDone += d;
      if (d !== l || b !== d) spreadOk = false;
    }
    result.spread = { done: spreadDone, ok: spreadOk };
    log(`  approvals over ${SPREAD} merchants: ${spreadDone} done (exactly once each: ${spreadOk})`);
    log(
      `  approvals: ${result.approvals.done} done, ${result.approvals.ledger} merchant ledger rows, merchant balance ${result.approvals.balance} (exactly once: ${result.approvals.done === result.approvals.ledger && result.approvals.balance === result.approvals.done})`,
    );

    result.end = rss(server.pid);
    log(
      `  RSS at the end ${result.end.rssMB.toFixed(0)} MB (anonymous ${result.end.anonMB.toFixed(0)}, files ${result.end.fileMB.toFixed(0)}, shared ${result.end.shmemMB.toFixed(0)}), peak ${result.end.peakMB.toFixed(0)} MB`,
    );
    if (MEMORY) {
      // BENCH_MEMORY: V8's heap at the end (the server's /metrics), then the RSS every 2 s for 20 s,
      // to tell what the server keeps from what waits for its next collection
      const m = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${MEMORY}` } })).text();
      log(
        m
          .split('\n')
          .filter((l) =>
            /^nodejs_(heap_size|external_memory|heap_space_size_(used|total)_bytes\{space="(new|old|large_object)"\})/.test(
              l,
            ),
          )
          .join('\n'),
      );
      for (let t = 2; t <= 20; t += 2) {
        await sleep(2000);
        const r = rss(server.pid);
        log(`  +${t} s: RSS ${r.rssMB.toFixed(0)} MB (anonymous ${r.anonMB.toFixed(0)})`);
      }
    }

    if (args.has('--scale') && !ONLY) {
      // list + count on the 10k merchant, then the same on a 1M merchant (10k offers, 100 branches, 100k customers)
      const fields = { pageNum: '1', limit: '10' };
      const lists = {
        req: ['merchant/req/list', fields],
        reqPending: ['merchant/req/list', { ...fields, status: 'pending' }],
        offers: ['merchant/offer/list', fields],
        page50: ['merchant/req/list', { pageNum: '50', limit: '10' }],
        me: ['merchant/me', {}],
      };
      const small = {};
      for (const [k, [p, f]] of Object.entries(lists)) small[k] = await medianCall(server.url, p, f, token);
      await server.stop();
      const t1 = performance.now();
      await seedMerchant(db, {
        merchantId: ids[4],
        branches: 100,
        offers: 10_000,
        customers: 100_000,
        requests: 1_000_000,
        pendingShare: 0.1,
        tag: '97462',
      });
      log(`  seeded 1M offer requests in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
      server = await startProcess('apps/server/dist/main.js', env, '/api/health');
      const bigToken = (await post(server.url, 'merchant/login', { username: mobiles[4], password: PASSWORD })).token;
      // after the seed, the 10k merchant and the 1M merchant in turn, three rounds of ten calls each,
      // so both are measured at the same moment (this machine's speed drifts over minutes; the
      // figure from before the seed is kept beside them)
      const after = {};
      const big = {};
      for (const [k, [p, f]] of Object.entries(lists)) {
        const a = [];
        const b = [];
        for (let round = 0; round < 3; round++) {
          a.push(await medianCall(server.url, p, f, token, 10));
          b.push(await medianCall(server.url, p, f, bigToken, 10));
        }
        after[k] = a.sort((x, y) => x - y)[1];
        big[k] = b.sort((x, y) => x - y)[1];
      }
      result.scale = { small, after, big };
      for (const k of Object.keys(small))
        log(
          `  scale ${k}: 10k ${small[k].toFixed(1)} ms before the seed, ${after[k].toFixed(1)} ms after; 1M ${big[k].toFixed(1)} ms (${(big[k] / after[k]).toFixed(2)}×)`,
        );
    }
    await db.close();
    await server.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

const started = new Date();
if ((await ensureWebBuilt()) !== 0) process.exit(1);
if ((await ensureServerBuilt()) !== 0) process.exit(1);

const machine = `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}; load average at start ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}`;
log(`machine: ${machine}`);
log(`${ROUNDS} round(s) of ${DURATION} s per scenario and per side (app, bare), alternating`);

const loads = {};
for (const [route, src] of Object.entries(SCREENS))
  loads[route] = firstLoad(path.join(root, 'apps/web/dist'), src, route);
for (const [route, r] of Object.entries(loads))
  log(
    `first load ${route}: ${(r.gzip / 1024).toFixed(1)} KB gzip (${(r.brotli / 1024).toFixed(1)} KB brotli) of JS + CSS`,
  );

const bare = await startProcess('bench/lib/bare.mjs', {}, '/hello');
const results = [];
try {
  results.push(await runDatabase('sqlite', bare));
  if (process.env.DATABASE_URL) results.push(await runDatabase('postgres', bare));
} finally {
  await bare.stop();
}

let lighthouse;
if (args.has('--lighthouse')) {
  const { runLighthouse, seededDataDir } = await import('./lib/lighthouse.mjs');
  // the demo data (admin demo), so that /dashboard is measured signed in as its merchant
  const dataDir = seededDataDir();
  const server = await startProcess(
    'apps/server/dist/main.js',
    { DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: path.join(root, 'apps/web/dist') },
    '/api/health',
  );
  try {
    lighthouse = await runLighthouse(log, server.url);
    // the long tasks behind the blocking time, measured (bench/lib/long-tasks.mjs)
    const { measureLongTasks } = await import('./lib/long-tasks.mjs');
    lighthouse.push('', '### Long tasks (measured, CPU 4× slower)', '', ...(await measureLongTasks(log, server.url)));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// the report

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const lines = [];
lines.push(`# Benchmark ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`, '');
lines.push(`Machine: ${machine}.`, '');
lines.push(
  `Autocannon on loopback, ${ROUNDS} round(s) of ${DURATION} s per scenario, each round the bare Fastify hello ` +
    '(`GET /hello`, same Fastify version, no logging) then the app, so the share of bare is measured under the same load. ' +
    'The machine was shared with other work while this ran: absolute figures are noisy, the shares less so.',
  '',
);
for (const r of results) {
  lines.push(`## ${r.kind === 'sqlite' ? 'Embedded database (SQLite)' : 'PostgreSQL'}`, '');
  lines.push(
    '| scenario | connections | req/s | share of bare | p50 ms | p99 ms | CPU µs/req | bare CPU µs/req | share of bare by CPU | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of r.rows)
    lines.push(
      `| ${row.name} | ${row.connections} | ${fmt(row.rps)} | ${fmt(row.share * 100, 1)}% | ${row.p50} | ${row.p99} | ${fmt(row.cpu * 1000)} | ${fmt(row.bareCpu * 1000)} | ${fmt(row.cpuShare * 100, 1)}% | ${row.errors} |`,
    );
  lines.push('');
  lines.push(
    `- start to healthy (compiled server, migrated database): ${fmt(r.startMs)} ms; first start with migrations ${fmt(r.firstStartMs)} ms`,
  );
  lines.push(
    `- RSS idle ${fmt(r.idle.rssMB)} MB (anonymous ${fmt(r.idle.anonMB)}); at the end ${fmt(r.end.rssMB)} MB (anonymous ${fmt(r.end.anonMB)}); peak ${fmt(r.end.peakMB)} MB`,
  );
  lines.push(
    `- approvals: ${r.approvals.done} approved, ${r.approvals.ledger} merchant ledger rows, merchant balance ${r.approvals.balance} (exactly once: ${r.approvals.done === r.approvals.ledger && r.approvals.balance === r.approvals.done ? 'yes' : 'NO'})`,
    `- approvals over ${SPREAD} merchants: ${r.spread.done} approved (each merchant's ledger rows and balance equal its approvals: ${r.spread.ok ? 'yes' : 'NO'})`,
  );
  if (r.overhead.length > 0) {
    lines.push(
      '',
      "Our own overhead (lib/overhead.mjs): the server's CPU per request at 32 connections against the CPU of that request's own statements (traced with SQL_TRACE_FILE) run directly on the driver in the bench process; target ≤ 2×.",
      '',
      '| scenario | statements | on the driver µs | server µs/request | ratio |',
      '|---|---|---|---|---|',
    );
    for (const o of r.overhead)
      lines.push(
        `| ${o.name} | ${o.statements}${o.writes ? ` (${o.writes} writes left out)` : ''} | ${fmt(o.driverUs)} | ${fmt(o.serverUs)} | ${fmt(o.ratio, 2)}× |`,
      );
  }
  if (r.scale) {
    lines.push(
      '',
      '| list + count (median) | 10k requests, before the 1M seed | 10k requests, after | 1M requests | ratio 1M / 10k after |',
      '|---|---|---|---|---|',
    );
    for (const k of Object.keys(r.scale.small))
      lines.push(
        `| ${k} | ${fmt(r.scale.small[k], 1)} ms | ${fmt(r.scale.after[k], 1)} ms | ${fmt(r.scale.big[k], 1)} ms | ${fmt(r.scale.big[k] / r.scale.after[k], 2)}× |`,
      );
    lines.push(
      '',
      "After the seed the two merchants are measured in turn (three rounds of ten calls each, the median round), so both figures come from the same minutes; the 10k merchant's own rows are unchanged by the seed, the tables around them are 10–100× larger.",
    );
  }
  lines.push('');
}
lines.push(
  '## First load (the page, then JavaScript and CSS from the Vite manifest)',
  '',
  '| screen | gzip | brotli | raw | of which the page (HTML, inline CSS, painted screens) | stylesheets after the first paint (gzip) |',
  '|---|---|---|---|---|---|',
);
for (const [route, l] of Object.entries(loads))
  lines.push(
    `| ${route} | ${fmt(l.gzip / 1024, 1)} KB | ${fmt(l.brotli / 1024, 1)} KB | ${fmt(l.raw / 1024, 1)} KB | ${l.page.file} ${fmt(l.page.gzip / 1024, 1)} KB | ${fmt(l.later.gzip / 1024, 1)} KB |`,
  );
lines.push('');
if (lighthouse) lines.push('## Lighthouse (mobile)', '', ...lighthouse, '');
const report = `${lines.join('\n')}\n`;

if (!args.has('--no-write')) {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${started.toISOString().slice(0, 16).replace(/:/g, '-')}.md`);
  fs.writeFileSync(file, report);
  const readme = path.join(root, 'bench/README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const begin = '<!-- bench:latest -->';
  const end = '<!-- /bench:latest -->';
  const latest = `${begin}\nLatest run (\`${path.relative(root, file)}\`):\n\n${report.split('\n').slice(2).join('\n')}${end}`;
  fs.writeFileSync(
    readme,
    text.includes(begin) ? text.replace(new RegExp(`${begin}[\\s\\S]*${end}`), latest) : `${text}\n${latest}\n`,
  );
  log(`\nwrote ${path.relative(root, file)} and bench/README.md`);
} else log(`\n${report}`);
