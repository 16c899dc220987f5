import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Browser tests: the built app served by the real server, driven in Debian's Chromium. One file at a
 * time. E2E_EXCLUDE (comma-separated file names) leaves files out: CI's Node 24 line leaves out the
 * accessibility sweep, which checks the screens and not the server (scripts/ci-node24.sh).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: './e2e',
    include: ['**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.E2E_EXCLUDE ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
        .map((f) => `**/${f}`),
    ],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
