// `npm start`: builds the web app if it is missing or stale, then runs the server (which migrates
// the database on start) on PORT (8080), with the embedded database in DATA_DIR unless DATABASE_URL is set.
// SIGTERM, SIGINT and SIGHUP are passed on to the server, which stops cleanly; we exit with its code.
import { ensureWebBuilt, run } from './lib.mjs';

// npm runs us through `sh -c`, and the SIGTERM npm forwards ends that shell without reaching us.
// So when npm started us and our parent goes away, we stop as if we had been sent SIGTERM.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 200);
  watch.unref();
}

const built = await ensureWebBuilt();
if (built !== 0) process.exit(built);
// (run() starts nothing when a signal came during the build)
// node with tsx's loader rather than the tsx command: one process, which gets the signals itself
process.exit(await run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']));
