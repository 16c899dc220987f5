import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Browser tests: the built app served by the real server, driven in Debian's Chromium, two files at
 * once (each its own server, data folder and browser; docs/decisions/0024): E2E_FILES_AT_ONCE=1 runs
 * them one at a time. E2E_EXCLUDE (comma-separated file names) leaves files out: CI's Node 24 line
 * leaves out the accessibility files, which check the screens and not the server (scripts/ci-node24.sh).
 */
const atOnce = Math.max(1, Number(process.env.E2E_FILES_AT_ONCE ?? 2) || 2);

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
    // expect.poll waits for what the browser or the server does on its own time (a service worker
    // showing a notification, a row written after a response); Vitest's 1 s default is shorter than a
    // loaded 2-core host takes (a push test failed at load 8.8). A poll that names its own timeout keeps it.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: atOnce > 1,
    maxWorkers: atOnce,
    pool: 'forks',
  },
});
