// `npm run admin -- <command>`: the operator's commands (see apps/server/src/cli/admin.ts), run as
// plain node on the compiled command line (apps/server/dist/admin.js, built with the server when
// missing or stale, as `npm start` builds it): a command starts in ~0.3 s, where the TypeScript
// loader took ~1.5 s. A build's notes go to stderr: stdout is the command's own (a token, a list).
import { ensureServerBuilt, run } from './lib.mjs';

const built = await ensureServerBuilt({ notesTo: 'stderr' });
if (built !== 0) process.exit(built);
process.exit(await run(process.execPath, ['apps/server/dist/admin.js', ...process.argv.slice(2)]));
