import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const serverProject = (
  name: string,
  db: 'sqlite' | 'postgres',
  through: { include?: string[]; exclude?: string[]; proxy?: boolean } = {},
) => ({
  test: {
    name,
    root: './apps/server',
    include: through.include ?? ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(through.exclude ?? [])],
    environment: 'node',
    env: { TEST_DB: db, ...(through.proxy && { TEST_VIA_PROXY: '1' }) },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

/**
 * The server suite through nginx (TEST_VIA_PROXY=1, test/harness.ts): every test server is two apps
 * on one PostgreSQL schema behind a round-robin nginx. Left out, because they cannot mean the same
 * through a proxy:
 */
const NOT_THROUGH_A_PROXY = [
  // builds its own two servers (one a child process) behind its own nginx
  'test/proxy.test.ts',
  // one process's memory: the password-hashing queue is bounded per process, so two apps admit twice as many
  'test/auth-queue.test.ts',
  // /metrics answers local requests that did not come through a proxy (nginx answers 404 for it)
  'test/operations.test.ts',
  // the app's own reading of large bodies: nginx refuses them first (client_max_body_size)
  'test/body-limits.test.ts',
  // the live feed's bounds are per process (3 streams per session, FEED_MAX_STREAMS), and it builds its own nginx
  'test/feed-limits.test.ts',
  // start and stop real server processes with signals, without the harness
  'test/shutdown.test.ts',
  'test/shutdown-load.test.ts',
  'test/production-start.test.ts',
  // stops the app's SMS outbox worker to run its own; the second app's worker would race them
  'test/sms-outbox.test.ts',
  // the embedded database only (backup, restore) or no server at all
  'test/backup.test.ts',
  'test/statement-cache.test.ts',
  'test/sqlite-driver.test.ts',
];

/** What `npm test` runs through nginx (short): limits, offer requests and approvals, product orders, money. */
const THROUGH_A_PROXY_SHORT = [
  'test/auth-limits.test.ts',
  'test/redis-limits.test.ts',
  'test/offer-requests.test.ts',
  'test/offer-requests-concurrency.test.ts',
  'test/product-orders.test.ts',
  'test/ledger.test.ts',
];

/**
 * Projects: the contract, the web app's unit tests, and the server suite once on the embedded
 * database and once on PostgreSQL, and through nginx in full (server-proxy, `npm run test:proxy`)
 * or short (server-proxy-short, in `npm test`) — those only when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // one test file per core (Vitest's default leaves one core out: on CI's 2 cores that is one file
    // at a time). The server files wait on HTTP and the database more than they compute; measured on
    // 2 cores, the server step took 537 s with one worker, 371 s with two and 344 s with three.
    maxWorkers: Math.max(os.availableParallelism(), 2),
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // form tests render whole Mantine screens; a loaded 2-core machine can take seconds
          testTimeout: 20_000,
        },
      },
      serverProject('server-sqlite', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject('server-postgres', 'postgres'),
            serverProject('server-proxy', 'postgres', { proxy: true, exclude: NOT_THROUGH_A_PROXY }),
            serverProject('server-proxy-short', 'postgres', { proxy: true, include: THROUGH_A_PROXY_SHORT }),
          ]
        : []),
    ],
  },
});
