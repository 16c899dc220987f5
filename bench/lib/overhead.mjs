// Our own overhead (issue 28): the server's CPU for one 10-row list request, against the CPU of the
// very statements that request ran, run directly on the driver in this process, in the same run.
//
// A second server on the same data, started with SQL_TRACE_FILE, answers each scenario's request
// (twice to warm up, then once traced); the traced statements and their values are then run in a
// loop on better-sqlite3 or pg (named statements where the server names them, as its pool does),
// and this process's CPU per loop is the statements' cost. The server's CPU per request is the one
// `measure` read from /proc at 32 connections. Ratio = server ÷ statements: 1× would mean the
// server adds nothing to its statements; the target is ≤ 2×.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const Database = createRequire(import.meta.url)(
  Number(process.versions.napi) >= 10 ? 'better-sqlite3-13' : 'better-sqlite3',
);
/** The server's marker of a statement PostgreSQL keeps by name (apps/server/src/db/dialect.ts). */
const NAMED = '/* named */ ';
/** The server's marker of a statement whose rows SQLite hands over as arrays (dialect.ts ARRAY_ROWS). */
const ARRAYS = '/* arrays */ ';
/** The scenarios measured: the 10-row lists and `me` (bench/run.mjs's names). */
export const OVERHEAD_SCENARIOS = [
  'merchant/offer/list, 10 rows',
  'merchant/req/list pending, 10 rows',
  'merchant/branch/list, 10 rows',
  'merchant/me',
];
/** A statement that only reads (after the server's optional leading comment). */
const READ = /^\s*(\/\*.*?\*\/\s*)?(select|with)\b/i;
/** CPU spent per scenario on the driver loop. */
const LOOP_CPU_MS = 1500;

const cpuNowMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The statements of one request of `scenario`, as the traced server ran them. */
async function traceOne(server, traceFile, scenario) {
  const call = () =>
    fetch(server.url + scenario.path, {
      method: 'POST',
      headers: { ...scenario.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: scenario.body,
    }).then((r) => {
      if (!r.ok) throw new Error(`${scenario.path}: ${r.status}`);
      return r.arrayBuffer();
    });
  await call();
  await call();
  fs.writeFileSync(traceFile, '');
  await call();
  return fs
    .readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** CPU (µs) of this process per run of `statements` on the driver. */
async function driverCpu(kind, statements, { file, url, schema }) {
  if (kind === 'sqlite') {
    const db = new Database(file, { readonly: true });
    // as the server runs them: rows as arrays where it asks for them
    const prepared = statements.map((s) => {
      const stmt = db.prepare(s.sql);
      if (s.sql.startsWith(ARRAYS) && stmt.reader) stmt.raw(true);
      return { stmt, values: s.parameters };
    });
    const once = () => {
      for (const p of prepared) p.stmt.reader ? p.stmt.all(p.values) : p.stmt.run(p.values);
    };
    for (let i = 0; i < 200; i++) once();
    let n = 0;
    const c0 = cpuNowMs();
    while (cpuNowMs() - c0 < LOOP_CPU_MS) {
      for (let i = 0; i < 100; i++) once();
      n += 100;
    }
    const us = ((cpuNowMs() - c0) * 1000) / n;
    db.close();
    return us;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (schema) await client.query(`SET search_path TO ${schema}`);
  // as the server's pool connections: one generic plan per named statement, rows as arrays
  await client.query('SET plan_cache_mode = force_generic_plan');
  const queries = statements.map((s) =>
    s.sql.startsWith(NAMED)
      ? {
          name: `b_${createHash('sha1').update(s.sql).digest('hex').slice(0, 24)}`,
          text: s.sql,
          values: s.parameters,
          rowMode: 'array',
        }
      : { text: s.sql, values: s.parameters },
  );
  const once = async () => {
    for (const q of queries) await client.query(q);
  };
  for (let i = 0; i < 100; i++) await once();
  let n = 0;
  const c0 = cpuNowMs();
  while (cpuNowMs() - c0 < LOOP_CPU_MS) {
    for (let i = 0; i < 20; i++) await once();
    n += 20;
  }
  const us = ((cpuNowMs() - c0) * 1000) / n;
  await client.end();
  return us;
}

/**
 * For each scenario (its `name` matching a row of `rows` at 32 connections): the statements one
 * request runs, their CPU on the driver, the server's CPU per request, and the ratio.
 */
export async function measureOverhead({ kind, env, startProcess, scenarios, rows, db, log }) {
  const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-trace-')), 'sql.jsonl');
  const server = await startProcess('apps/server/dist/main.js', { ...env, SQL_TRACE_FILE: traceFile }, '/api/health');
  const out = [];
  try {
    for (const s of scenarios) {
      const row = rows.find((r) => r.name === s.name && r.connections === 32);
      if (!row) continue;
      const statements = await traceOne(server, traceFile, s);
      // reads only: a write cannot be repeated in a loop on a read-only connection
      const reads = statements.filter((st) => READ.test(st.sql));
      const writes = statements.length - reads.length;
      const driverUs = await driverCpu(kind, reads, db);
      const serverUs = row.cpu * 1000;
      const r = { name: s.name, statements: statements.length, writes, driverUs, serverUs, ratio: serverUs / driverUs };
      log(
        `  overhead ${s.name}: ${r.statements} statements (${writes} writes left out), ${driverUs.toFixed(0)} µs on the driver, server ${serverUs.toFixed(0)} µs/request: ${r.ratio.toFixed(2)}×`,
      );
      out.push(r);
    }
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(traceFile), { recursive: true, force: true });
  }
  return out;
}
