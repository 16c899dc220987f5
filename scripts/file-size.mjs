// `npm run lint` (and npm test's lint step): no source file of the apps and the contract is over
// 300 lines, but the schema (apps/server/src/db/schema.ts: one Kysely type per table, read as a
// whole). Tests, the e2e suite, the bench and these scripts are not counted (docs/decisions/0022).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 300;
const EXEMPT = new Set(['apps/server/src/db/schema.ts']);
const FOLDERS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

function* sources(folder) {
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const rel = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test' && entry.name !== '__snapshots__') yield* sources(rel);
    } else if (/\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield rel;
  }
}

const over = [];
for (const folder of FOLDERS)
  for (const file of sources(folder)) {
    if (EXEMPT.has(file)) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    if (lines > MAX_LINES) over.push(`${file}: ${lines} lines`);
  }
if (over.length > 0) {
  console.error(
    `Source files over ${MAX_LINES} lines (split them; docs/architecture.md, "Layers"):\n${over.join('\n')}`,
  );
  process.exit(1);
}
console.log(`file sizes: every source file is at most ${MAX_LINES} lines (the schema excepted).`);
