// Builds the server to JavaScript (apps/server/dist/main.js, with the admin CLI beside it) so that
// `npm start` runs it with plain node, no TypeScript loader (docs/architecture.md, "Running the
// server"). The contract package is TypeScript, so it is bundled in; every other package stays
// in node_modules (native bindings, and so that node resolves them as it does for the sources).
// Two self-contained bundles, no shared chunks: config.ts finds the repository root from its own
// file's place, which must stay one folder below apps/server as src/config.ts is.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const outdir = path.join(root, 'apps/server/dist');

/**
 * Packages bundled in besides our own: pure-JavaScript ES modules spread over hundreds of files,
 * whose loading one file at a time was most of the start-up time (bench/README.md).
 */
const BUNDLED = [/^@loyalty\//, /^kysely(\/|$)/, /^zod(\/|$)/, /^libphonenumber-js(\/|$)/];

/** Bare imports stay external except the packages above. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (BUNDLED.some((re) => re.test(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  // built aside, then each file renamed into place (atomic): a server starting meanwhile (several
  // `npm start` at once in tests) runs either the old build or the new one, never half a file
  const tmp = `${outdir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      admin: 'apps/server/src/cli/admin.ts',
    },
    outdir: tmp,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
    legalComments: 'none',
  });
  fs.writeFileSync(path.join(tmp, 'package.json'), '{ "type": "module" }\n');
  fs.mkdirSync(outdir, { recursive: true });
  // maps first, so that main.js (whose time says "built") lands last
  const files = fs.readdirSync(tmp).sort((a, b) => Number(a === 'main.js') - Number(b === 'main.js'));
  for (const f of files) fs.renameSync(path.join(tmp, f), path.join(outdir, f));
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = Date.now();
  await buildServer();
  console.log(`Server built in ${Date.now() - t} ms → apps/server/dist`);
}
