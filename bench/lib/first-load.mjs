// The first load of a screen of the built web app, from Vite's manifest (apps/web/dist/.vite/manifest.json):
// the entry (index.html's script), every chunk it imports statically, their CSS, plus the lazily
// loaded chunks of the screen's routes (its layout and the screen) and what those import
// statically. Sizes are gzip level 9 (what the build's .gz copies hold) and brotli (the .br
// copies), in bytes. Chunks loaded later (a dialog's code at idle, the toasts' container) are not
// part of it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Screens weighed by `npm run bench`: route → the source files of the lazily loaded routes it
 * matches (app/routes.tsx: the signed-in screens' layout, then the screen).
 */
export const SCREENS = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/dashboard': ['src/app/app-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
};

/** `screenSrc`: one source file or a list of them (see SCREENS). */
export function firstLoad(distDir, screenSrc) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  visit(entryKey);
  for (const src of [screenSrc ?? []].flat()) {
    if (!manifest[src]) throw new Error(`${src} is not a chunk of the build`);
    visit(src);
  }
  const rows = [...files].map((file) => {
    const data = fs.readFileSync(path.join(distDir, file));
    return {
      file,
      raw: data.length,
      gzip: zlib.gzipSync(data, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(data).length,
    };
  });
  const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
  return { files: rows.sort((a, b) => b.gzip - a.gzip), raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? 'apps/web/dist';
  for (const [route, src] of Object.entries(SCREENS)) {
    const r = firstLoad(dist, src);
    console.log(
      `${route}: ${(r.gzip / 1024).toFixed(1)} KB gzip, ${(r.brotli / 1024).toFixed(1)} KB brotli, ${(r.raw / 1024).toFixed(1)} KB raw`,
    );
    for (const f of r.files) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  }
}
