/** What the build knows of its chunks, shared by vite.config.ts and the first screens' page (first-screen-html.ts). */
import path from 'node:path';
import type { Rolldown } from 'vite';

/** The lazy screens a visit starts on: the sign-in screen, and the signed-in layout with the dashboard. */
export const FIRST_SCREENS = {
  signIn: ['src/features/auth/login-page.tsx'],
  home: ['src/app/app-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
};

/** The chunks `start` loads: themselves and every chunk they import statically. */
export function staticClosure(chunks: Rolldown.OutputChunk[], start: Rolldown.OutputChunk[]): Rolldown.OutputChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (c: Rolldown.OutputChunk | undefined) => {
    if (!c || seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const f of c.imports) visit(byFile.get(f));
  };
  for (const c of start) visit(c);
  return [...seen.values()];
}

/** The chunks whose facade is one of `files` (paths under `root`); all of them, or an error naming `what`. */
export function facadeChunks(chunks: Rolldown.OutputChunk[], root: string, files: string[], what: string) {
  const ids = files.map((f) => path.join(root, f));
  const found = chunks.filter((c) => c.facadeModuleId && ids.includes(c.facadeModuleId));
  if (found.length !== ids.length) throw new Error(`${what}: no chunk for some of ${files.join(', ')}`);
  return { ids, found };
}

/**
 * The chunks a first screen runs (the entry's closure, the sign-in screen's and the signed-in
 * home's, and the Arabic strings'): the files `compileHints` (vite.config.ts) marks.
 */
export function firstScreensClosure(chunks: Rolldown.OutputChunk[], root: string): Rolldown.OutputChunk[] {
  const start = [
    ...chunks.filter((c) => c.isEntry),
    ...facadeChunks(
      chunks,
      root,
      [...FIRST_SCREENS.signIn, ...FIRST_SCREENS.home, 'src/lib/locale-ar.ts'],
      'first screens',
    ).found,
  ];
  return staticClosure(chunks, start);
}
