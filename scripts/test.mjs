// `npm test`: types, lint, unit, server integration (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set), then the browser tests against the built app. Ends with one line "N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { bin, ensureWebBuilt, root, run, stopSignal } from './lib.mjs';

const only = process.argv.slice(2);
const results = [];
let passed = 0;
let failed = 0;
const failures = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-npm-test-'));

async function step(name, fn) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await fn();
  const signal = stopSignal();
  if (signal) {
    // Ctrl-C or a SIGTERM reached the step's command (run() passes it on): stop here
    console.log(`\n${signal}: stopped during ${name}.`);
    fs.rmSync(tmp, { recursive: true, force: true });
    process.exit(128 + os.constants.signals[signal]);
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: code === 0, secs });
  console.log(`=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${secs}s ===`);
}

/** Runs vitest with a JSON report and adds its test counts to the totals. */
async function vitest(name, args) {
  const out = path.join(tmp, `${name}.json`);
  const code = await run(bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    if (code !== 0 && !report.numFailedTests) failed += 1;
    for (const file of report.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed') failures.push({ name: t.fullName, message: t.failureMessages?.[0] ?? '' });
  } catch {
    failed += 1;
  }
  return code;
}

const counted = async (code) => {
  if (code === 0) passed += 1;
  else failed += 1;
  return code;
};

await step('types', async () => {
  const a = await run(bin('tsc'), ['-p', 'tsconfig.json']);
  const b = await run(bin('tsc'), ['-p', 'e2e/tsconfig.json']);
  const c = await run(bin('tsc'), ['-p', 'apps/web/tsconfig.json']);
  return counted(a || b || c);
});
await step('lint', async () => {
  const style = await run(bin('biome'), ['check', '--error-on-warnings', '.']);
  // import rules (.dependency-cruiser.cjs): no cycles, features apart, repositories private
  const imports = await run(bin('depcruise'), ['apps', 'packages', 'e2e', '--config', '.dependency-cruiser.cjs']);
  // no source file over 300 lines but the schema (scripts/file-size.mjs)
  const sizes = await run(process.execPath, [path.join(root, 'scripts/file-size.mjs')]);
  return counted(style || imports || sizes);
});
await step('unit', () => vitest('unit', ['--project', 'contract', '--project', 'web']));
await step('server', async () => {
  // TEST_SERVER_DBS=postgres (or sqlite) runs the server suite on that database only
  const dbs = (process.env.TEST_SERVER_DBS ?? 'sqlite,postgres').split(',');
  const projects = dbs.includes('sqlite') ? ['--project', 'server-sqlite'] : [];
  if (!dbs.includes('postgres')) console.log('TEST_SERVER_DBS leaves out PostgreSQL.');
  else if (process.env.TEST_DATABASE_URL) {
    projects.push('--project', 'server-postgres');
    // a short selection of the suite through nginx, two apps on one schema (vitest.config.ts;
    // `npm run test:proxy` runs all of it)
    if ((await run('bash', [path.join(root, 'scripts/install-nginx.sh')])) === 0)
      projects.push('--project', 'server-proxy-short');
    else console.log('nginx could not be installed: the server suite through nginx is skipped.');
  } else console.log('TEST_DATABASE_URL is not set: the server suite runs on the embedded database only.');
  if (projects.length === 0) {
    console.log('No database to run the server suite on.');
    return counted(1);
  }
  return vitest('server', projects);
});
await step('e2e', async () => {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.log(`Chromium not found at ${chromium}; installing Debian's chromium…`);
    const code = await run('bash', [path.join(root, 'scripts/install-chromium.sh')]);
    if (code !== 0 || !fs.existsSync(chromium)) {
      console.error(
        "Browser tests need Debian's chromium: run `sudo apt-get install chromium` (or set CHROMIUM_PATH).",
      );
      return counted(1);
    }
  }
  const built = await ensureWebBuilt();
  if (built !== 0) return counted(built);
  return vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
});

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.secs}s)`);
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
// the failed tests last, with the head of their messages: the end of a CI log is often all one sees
for (const f of failures.slice(0, 5)) {
  const lines = stripVTControlCharacters(f.message)
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('at '));
  console.log(
    `FAILED: ${f.name}\n${lines
      .slice(0, 12)
      .map((l) => `  ${l.slice(0, 300)}`)
      .join('\n')}`,
  );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
