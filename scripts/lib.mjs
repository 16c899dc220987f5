import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** The signals a script passes on to the command it runs, so that stopping the script stops the command. */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let received;
/** The signal this script was asked to stop with, if any (so it starts nothing more). */
export const stopSignal = () => received;

/**
 * Runs a command with inherited output; resolves to its exit code (128 + n when a signal ended it).
 * While it runs, SIGINT, SIGTERM and SIGHUP sent to this script are passed on to the command
 * instead of ending the script and leaving the command behind (npm forwards them to us). Once
 * such a signal came, run() starts nothing more.
 */
export function run(cmd, args, opts = {}) {
  // asked to stop already: start nothing more
  if (received) return Promise.resolve(128 + os.constants.signals[received]);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
    const forward = (signal) => {
      received = signal;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const s of FORWARDED_SIGNALS) process.on(s, forward);
    const done = (code) => {
      for (const s of FORWARDED_SIGNALS) process.off(s, forward);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? 128 + (os.constants.signals[signal] ?? 0)));
    child.on('error', () => done(127));
  });
}

/** Newest modification time of the files under the given folders. */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const d of dirs) walk(path.join(root, d));
  return newest;
}

/**
 * Builds the web app when it is missing or older than its sources. Skipped when the server serves
 * another folder (WEB_DIST) or when told so (SKIP_WEB_BUILD=1, for tests with a stub build).
 */
export async function ensureWebBuilt() {
  if (process.env.SKIP_WEB_BUILD === '1') return 0;
  if (process.env.WEB_DIST) {
    console.log(`Serving the web app from WEB_DIST (${process.env.WEB_DIST}); apps/web is not built.`);
    return 0;
  }
  const index = path.join(root, 'apps/web/dist/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = newestMtime([
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contract/src',
  ]);
  if (built && built >= sources) return 0;
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  return run('npm', ['run', 'build', '-w', 'apps/web']);
}

/**
 * Builds the server to JavaScript (scripts/build-server.mjs) when apps/server/dist/main.js is
 * missing or older than the server's or the contract's sources; `npm start` then runs it with node,
 * and `npm run admin` its command line (dist/admin.js, built with it). `notesTo: 'stderr'` keeps the
 * build's own lines off stdout, where a command prints what a script reads (a token, a list).
 */
export async function ensureServerBuilt({ notesTo = 'stdout' } = {}) {
  const main = path.join(root, 'apps/server/dist/main.js');
  const built = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(['apps/server/src', 'packages/contract/src', 'apps/server/package.json']),
    fs.statSync(path.join(root, 'scripts/build-server.mjs')).mtimeMs,
  );
  if (built && built >= sources) return 0;
  const toStderr = notesTo === 'stderr';
  (toStderr ? console.error : console.log)(
    built ? 'Server sources changed: rebuilding the server…' : 'Building the server…',
  );
  return run(process.execPath, ['scripts/build-server.mjs'], toStderr ? { stdio: ['ignore', 2, 2] } : {});
}
