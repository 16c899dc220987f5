import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'sqlite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

/**
 * Projects: the contract, the web app's unit tests, and the server suite once on the embedded
 * database and once on PostgreSQL (only when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
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
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
