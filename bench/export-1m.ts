/**
 * Export benchmark (docs/domain.md, "Exports"): a merchant with EXPORT_ROWS invoices (default 1M) on a
 * fresh embedded database (or PostgreSQL with DATABASE_URL), downloaded as CSV over loopback while
 * the process's peak RSS is sampled. The answer streams page by page, so the peak stays bounded
 * whatever the row count. Run: npx tsx bench/export-1m.ts   (results: bench/results/export-1m.json)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/dialect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { operatorService } from '../apps/server/src/modules/operator/operator.service';
import { settlementsService } from '../apps/server/src/modules/settlements/settlements.service';
import { tagsService } from '../apps/server/src/modules/tags/tags.service';

const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const BATCH = 2000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-export-bench-'));
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await migrateToLatest(database);
const { app, deps } = await buildApp({ database, dataDir });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const mobile = `9745500${String(Date.now() % 10000).padStart(4, '0')}`;
const signup = await fetch(`${url}/api/merchant/signup`, {
  method: 'POST',
  body: new URLSearchParams({ name: 'Export bench', mobile, password: 'bench-pass-1', check: 'true' }),
});
const { data } = (await signup.json()) as { data: { token: string; id: number } };
await operatorService(deps, { settlements: settlementsService(deps), tags: tagsService(deps) }).approveMerchant(mobile);
const merchant = await database.db
  .selectFrom('merchants')
  .select('id')
  .where('mobile', '=', mobile)
  .executeTakeFirstOrThrow();

const fillStarted = Date.now();
const now = new Date().toISOString();
for (let start = 0; start < ROWS; start += BATCH) {
  const n = Math.min(BATCH, ROWS - start);
  await database.db
    .insertInto('invoices')
    .values(
      Array.from({ length: n }, (_, i) => ({
        merchantId: merchant.id,
        packageRequestId: null,
        name: `Invoice ${start + i} — فاتورة`,
        description: i % 7 === 0 ? '=cmd' : 'Monthly points package purchase for the branch',
        amountCents: start + i,
        status: 'issued' as const,
        createdAt: now,
      })),
    )
    .execute();
}
const fillMs = Date.now() - fillStarted;

const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const started = Date.now();
const res = await fetch(`${url}/api/merchant/export/invoices.csv`, {
  headers: { authorization: `Bearer ${data.token}` },
});
if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
const reader = res.body.getReader();
let bytes = 0;
let lines = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.length;
  for (const b of value) if (b === 10) lines++;
}
clearInterval(sampler);
const exportMs = Date.now() - started;

const result = {
  date: new Date().toISOString(),
  database: database.kind,
  rows: ROWS,
  csvLines: lines,
  csvMegabytes: Number((bytes / 1e6).toFixed(1)),
  fillSeconds: Number((fillMs / 1000).toFixed(1)),
  exportSeconds: Number((exportMs / 1000).toFixed(1)),
  rowsPerSecond: Math.round(ROWS / (exportMs / 1000)),
  rssBeforeMb: Math.round(rssBefore / 1e6),
  peakRssMb: Math.round(peak / 1e6),
  peakGrowthMb: Math.round((peak - rssBefore) / 1e6),
  node: process.version,
  cpus: os.cpus().length,
};
console.log(JSON.stringify(result, null, 2));
if (lines !== ROWS + 1) throw new Error(`expected ${ROWS + 1} lines, got ${lines}`);
const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, `export-${ROWS >= 1_000_000 ? '1m' : ROWS}-${database.kind}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
