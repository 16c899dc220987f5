// `npm start`: builds the web app and the server (to JavaScript) if missing or stale, then runs the server (which migrates
// the database on start) on PORT (8080), with the embedded database in DATA_DIR unless DATABASE_URL is set.
// SIGTERM, SIGINT and SIGHUP are passed on to the server, which stops cleanly; we exit with its code.
import { ensureServerBuilt, ensureWebBuilt, run } from './lib.mjs';

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

const serverBuilt = await ensureServerBuilt();
if (serverBuilt !== 0) process.exit(serverBuilt);
// the settings first: their lines say which payment gateway and SMS sender the server will use, and
// a production server without its settings stops here (exit 78), not after a minute of building
const checked = await run(process.execPath, ['apps/server/dist/main.js', '--check-config']);
if (checked !== 0) process.exit(checked);
const built = await ensureWebBuilt();
if (built !== 0) process.exit(built);
// (run() starts nothing when a signal came during a build)
// plain node on the compiled server: no TypeScript loader at run time, one process that gets the
// signals itself. No --enable-source-maps: Node would parse the 3.5 MB source map at start, +32 MB
// of memory for the life of the process (bench/README.md, "Memory"); a logged stack points into
// apps/server/dist/main.js, and NODE_OPTIONS=--enable-source-maps npm start maps it when wanted.
process.exit(await run(process.execPath, ['apps/server/dist/main.js']));
