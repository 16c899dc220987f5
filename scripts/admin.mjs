// `npm run admin -- <command>`: the operator's commands (see apps/server/src/cli/admin.ts).
import { bin, run } from './lib.mjs';

process.exit(await run(bin('tsx'), ['apps/server/src/cli/admin.ts', ...process.argv.slice(2)]));
