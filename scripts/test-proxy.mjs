// `npm run test:proxy`: the whole server suite through nginx (vitest project server-proxy; also run
// by `npm run test:proof`): each test file's server is two apps on one PostgreSQL schema behind
// Debian's nginx, round-robin (apps/server/test/harness.ts, TEST_VIA_PROXY=1; the files left out and
// why are listed in vitest.config.ts). Needs TEST_DATABASE_URL; installs nginx when missing.
import path from 'node:path';
import { bin, root, run } from './lib.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.log('test:proxy needs TEST_DATABASE_URL (two servers share one PostgreSQL database).');
  process.exit(1);
}
if ((await run('bash', [path.join(root, 'scripts/install-nginx.sh')])) !== 0) {
  console.log('nginx is not installed and could not be (scripts/install-nginx.sh).');
  process.exit(1);
}
process.exit(await run(bin('vitest'), ['run', '--project', 'server-proxy', ...process.argv.slice(2)]));
