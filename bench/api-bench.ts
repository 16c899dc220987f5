/**
 * API benchmark: the real app on a fresh embedded database (or PostgreSQL with DATABASE_URL),
 * measured over loopback HTTP. Bounded: a fixed number of requests per scenario.
 * Run: npx tsx bench/api-bench.ts   (results: bench/RESULTS.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/dialect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { operatorService } from '../apps/server/src/modules/operator/operator.service';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-'));
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await migrateToLatest(database);
const { app, deps } = await buildApp({ database, dataDir });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const post = async (p: string, fields: Record<string, string>) => {
  const res = await fetch(`${url}/api/${p}`, { method: 'POST', body: new URLSearchParams(fields) });
  const body = (await res.json()) as { data: { token: string } };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
};

const signup = await post('merchant/signup', {
  name: 'Bench',
  mobile: '97455000999',
  password: 'bench-pass-1',
  check: 'true',
});
await operatorService(deps).approveMerchant('97455000999');
const token: string = signup.token;

async function scenario(name: string, p: string, fields: Record<string, string>, n = REQUESTS, conc = CONCURRENCY) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (next < n) {
        next++;
        const t0 = performance.now();
        await post(p, fields);
        times.push(performance.now() - t0);
      }
    }),
  );
  const total = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  const line = `| ${name} | ${n} | ${conc} | ${(n / total).toFixed(0)} | ${pct(0.5)} | ${pct(0.95)} | ${pct(0.99)} |`;
  console.log(line);
  return line;
}

console.log(`database: ${database.kind}; ${REQUESTS} requests per scenario, ${CONCURRENCY} at a time`);
console.log('| scenario | requests | concurrency | req/s | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|---|');
await scenario('merchant/me (auth + 6 counts)', 'merchant/me', { token });
await scenario('merchant/branch/list', 'merchant/branch/list', { token, limit: '1000' });
await scenario(
  'merchant/login (scrypt N=2^17)',
  'merchant/login',
  { username: '97455000999', password: 'bench-pass-1' },
  40,
  2,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
