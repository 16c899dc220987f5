// `npm start`: builds the web app if it is missing or stale, then runs the server (which migrates
// the database on start) on PORT (8080), with the embedded database in DATA_DIR unless DATABASE_URL is set.
import { bin, ensureWebBuilt, run } from './lib.mjs';

const built = await ensureWebBuilt();
if (built !== 0) process.exit(built);
process.exit(await run(bin('tsx'), ['apps/server/src/main.ts']));
