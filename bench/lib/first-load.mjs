// The first load of a screen of the built web app: the page the server sends for it (its own page,
// pages/pages.json, else index.html: the screen painted by the HTML and its rules inline), and from
// Vite's manifest (apps/web/dist/.vite/manifest.json) the entry (the page's script), every chunk it
// imports statically, their CSS, plus the lazily loaded chunks of the screen's routes (its layout
// and the screen) and what those import statically: what the screen needs to be painted and to work.
// Sizes are gzip level 9 (what the build's .gz copies hold) and brotli (the .br copies), in bytes.
// Loaded after the first paint, and so not part of it: the stylesheets the page inlined in part
// (their links wait `disabled`; counted apart as `later`), chunks fetched at idle (a dialog's code,
// the toasts' container).
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

/** The page the server sends for `route` (apps/server/src/http/static.ts). */
function pageOf(distDir, route) {
  try {
    const pages = JSON.parse(fs.readFileSync(path.join(distDir, 'pages/pages.json'), 'utf8'));
    if (pages[route]) return pages[route];
  } catch {
    /* a build without pages of its own */
  }
  return 'index.html';
}

const sizes = (distDir, file) => {
  const data = fs.readFileSync(path.join(distDir, file));
  return {
    file,
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(data).length,
  };
};

/** `screenSrc`: one source file or a list of them (see SCREENS); `route`: its address (its page). */
export function firstLoad(distDir, screenSrc, route) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const page = route ? pageOf(distDir, route) : 'index.html';
  const html = fs.readFileSync(path.join(distDir, page), 'utf8');
  /** Stylesheets the page inlined in part: fetched after the first paint. */
  const deferredCss = new Set(
    [...html.matchAll(/<link\b[^>]*data-first-screen-css[^>]*>/g)].map((m) => /href="\/([^"]+)"/.exec(m[0])?.[1]),
  );
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
  const rows = [page, ...[...files].filter((f) => !deferredCss.has(f))].map((f) => sizes(distDir, f));
  const laterRows = [...files].filter((f) => deferredCss.has(f)).map((f) => sizes(distDir, f));
  const sum = (list, k) => list.reduce((n, r) => n + r[k], 0);
  return {
    page: rows[0],
    files: rows.sort((a, b) => b.gzip - a.gzip),
    raw: sum(rows, 'raw'),
    gzip: sum(rows, 'gzip'),
    brotli: sum(rows, 'brotli'),
    later: { files: laterRows, gzip: sum(laterRows, 'gzip'), brotli: sum(laterRows, 'brotli') },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? 'apps/web/dist';
  for (const [route, src] of Object.entries(SCREENS)) {
    const r = firstLoad(dist, src, route);
    console.log(
      `${route}: ${(r.gzip / 1024).toFixed(1)} KB gzip, ${(r.brotli / 1024).toFixed(1)} KB brotli, ${(r.raw / 1024).toFixed(1)} KB raw (page ${r.page.file} ${(r.page.gzip / 1024).toFixed(1)} KB gzip); after the first paint, stylesheets ${(r.later.gzip / 1024).toFixed(1)} KB gzip`,
    );
    for (const f of r.files) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
    for (const f of r.later.files)
      console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file} (after the first paint)`);
  }
}
