// `npm run test:proof`: the proof suites in full (PROOF_FULL=1): the isolation matrix, races (100
// rounds), crash durability (20 kills), fuzzing (200 payloads per endpoint) on SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set, with the whole server suite through nginx
// (scripts/test-proxy.mjs); then the accessibility suite in the browser.
// Figures are printed by each suite; docs/proof.md records the last full run.
import { bin, ensureWebBuilt, run } from './lib.mjs';

const env = { PROOF_FULL: '1' };
const projects = ['--project', 'server-sqlite'];
if (process.env.TEST_DATABASE_URL) projects.push('--project', 'server-postgres');
else console.log('TEST_DATABASE_URL is not set: the proof suites run on the embedded database only.');

const server = await run(bin('vitest'), ['run', ...projects, 'apps/server/test/proof'], { env });
// the whole server suite through nginx, two apps on one schema (npm run test:proxy)
const proxy = process.env.TEST_DATABASE_URL ? await run(process.execPath, ['scripts/test-proxy.mjs']) : 0;
let browser = await ensureWebBuilt();
if (browser === 0)
  browser = await run(
    bin('vitest'),
    ['run', '--config', 'e2e/vitest.config.ts', 'e2e/a11y.test.ts', 'e2e/a11y-keyboard.test.ts'],
    { env },
  );
console.log(
  `\nproof: server suites ${server === 0 ? 'ok' : 'FAILED'}, through nginx ${process.env.TEST_DATABASE_URL ? (proxy === 0 ? 'ok' : 'FAILED') : 'skipped (no TEST_DATABASE_URL)'}, accessibility ${browser === 0 ? 'ok' : 'FAILED'}`,
);
process.exit(server || proxy || browser ? 1 : 0);
