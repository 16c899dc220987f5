/**
 * The operator's command line as an operator runs it: `npm run admin -- …args` (scripts/admin.mjs,
 * the compiled CLI, built first when missing or stale), on the database `env` names (a test server's
 * `databaseEnv`, or DATA_DIR and an empty DATABASE_URL), over this process's environment. Resolves
 * to its output, or rejects as `execFile` does (`code`, `stdout`, `stderr`) when it exits non-zero.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../../..');

export const adminCommand = (args: string[], env: Record<string, string | undefined> = {}) =>
  promisify(execFile)(process.execPath, ['scripts/admin.mjs', ...args], { cwd: root, env: { ...process.env, ...env } });
