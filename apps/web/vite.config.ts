import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LANGUAGES, type Language } from '../../packages/contract/src/constants';
import { messages } from '../../packages/contract/src/messages';
import { FIRST_SCREENS, facadeChunks, firstScreensClosure, staticClosure } from './build/chunks';
import { firstScreenHtml } from './build/first-screen-html';
import { thirdPartyPatches } from './build/third-party-patches';

/** The API server during development (README: PORT defaults to 8080). */
const apiServer = 'http://localhost:8080';

const REACT =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

/**
 * The chunks of the first screens (bench/README.md, "First load"). Left to the bundler, what the
 * sign-in screen and the signed-in home load was split by which of the app's sixty lazy screens and
 * sheets share each module: some fifty files each, each compressed on its own and each a request
 * (HTTP/1.1, six at a time). So the build first bundles the app once without writing it (a probe,
 * with the bundler's own splitting) to learn which modules each first screen really uses after
 * tree-shaking (a barrel such as `@mantine/core` hides that from the module graph), then makes three
 * chunks, the rest being split as before:
 * - react: React and its router, which every screen needs, long cached;
 * - app: what the entry needs, and what the sign-in screen and the signed-in home both use (the
 *   language toggle, the brand, their Mantine components);
 * - home: the rest of what the signed-in layout and the dashboard use. Every signed-in screen loads
 *   it with the layout; the dashboard's own few KB come with it.
 * The sign-in screen's other modules (forms, validation, the phone field) stay split as before: the
 * app's forms share them, and a chunk of them all cost the other screens some 100 KB.
 */
function firstScreenChunks(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const sets = { entry: new Set<string>(), signIn: new Set<string>(), home: new Set<string>() };
  const inApp = (id: string) => sets.entry.has(id) || (sets.signIn.has(id) && sets.home.has(id));
  const groups: Rolldown.CodeSplittingGroup[] = [
    { name: 'react', test: REACT, priority: 3 },
    { name: 'app', test: inApp, priority: 2 },
    { name: 'home', test: (id: string) => sets.home.has(id) && !inApp(id), priority: 1 },
  ];
  const plugin: Plugin = {
    name: 'loyalty:first-screen-chunks',
    apply: 'build',
    async config(config) {
      const root = path.resolve(config.root ?? __dirname);
      const probe = await build({
        configFile: false,
        root,
        logLevel: 'silent',
        plugins: [react(), mantineStylesPerComponent(), messagesByLanguage()],
        build: {
          write: false,
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'react', test: REACT }] } } },
        },
      });
      const chunks = (Array.isArray(probe) ? probe : [probe])
        .flatMap((o) => ('output' in o ? o.output : []))
        .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      /** The modules a chunk and the chunks it imports statically hold (what loading it runs). */
      const closure = (start: Rolldown.OutputChunk[]) => {
        const modules = new Set<string>();
        for (const c of staticClosure(chunks, start))
          for (const [id, m] of Object.entries(c.modules)) if (m.renderedLength > 0) modules.add(id);
        return modules;
      };
      const ofFiles = (files: string[]) => {
        const { ids, found } = facadeChunks(chunks, root, files, 'first screens');
        const modules = closure(found);
        // each screen keeps a chunk of its own, which the manifest names (bench/lib/first-load.mjs)
        for (const id of ids) modules.delete(id);
        return modules;
      };
      sets.entry = closure(chunks.filter((c) => c.isEntry));
      sets.signIn = ofFiles(FIRST_SCREENS.signIn);
      sets.home = ofFiles(FIRST_SCREENS.home);
    },
  };
  return { plugin, groups };
}

const firstScreens = firstScreenChunks();

/** A Mantine component's class map, e.g. `@mantine/core/esm/components/Button/Button.module.mjs`. */
const MANTINE_CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's stylesheet per component instead of the whole of it (35 KB gzip): the build adds to
 * each component's class map an import of that component's stylesheet
 * (`@mantine/core/styles/Button.layer.css`), so a chunk carries the styles of exactly the Mantine
 * components its code uses, and a screen loads them with its code (bench/README.md, "First load").
 * The base layers (baseline, CSS variables, global) are imported by main.tsx. These are Mantine's
 * `@layer mantine` files: the app's own styles win over them whatever order the chunks load in.
 * The dev server pre-bundles Mantine, which hides its modules from this hook: there main.tsx gets
 * Mantine's whole stylesheet.
 */
function mantineStylesPerComponent(): Plugin {
  let serve = false;
  return {
    name: 'loyalty:mantine-styles-per-component',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        if (!id.endsWith('/src/main.tsx')) return null;
        return { code: `import '@mantine/core/styles.layer.css';\n${code}`, map: null };
      }
      const name = MANTINE_CLASS_MAP.exec(id)?.[1];
      if (!name) return null;
      // after the "use client" directive, which must stay the module's first statement
      const directive = /^\s*(['"])use client\1;?/.exec(code)?.[0] ?? '';
      return {
        code: `${directive}\nimport '@mantine/core/styles/${name}.layer.css';\n${code.slice(directive.length)}`,
        map: null,
      };
    },
  };
}

const MESSAGES = 'virtual:messages/';

/**
 * The contract's messages (packages/contract/src/messages: each key in both languages side by
 * side) as one language's texts by key: `virtual:messages/en` is part of the entry's English
 * strings, `virtual:messages/ar` of the Arabic chunk (lib/locale-ar.ts), so an English visit does
 * not download the Arabic texts nor an Arabic one the English twice (bench/README.md, "First load").
 * The config imports the messages: the dev server restarts when they change.
 */
function messagesByLanguage(): Plugin {
  return {
    name: 'loyalty:messages-by-language',
    resolveId: (id) => (id.startsWith(MESSAGES) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${MESSAGES}`)) return null;
      const lang = id.slice(MESSAGES.length + 1);
      if (!(LANGUAGES as readonly string[]).includes(lang)) throw new Error(`${id}: no such language`);
      const texts = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, text[lang as Language]]));
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}

/** V8's explicit compile hint for a whole file (https://v8.dev/blog/explicit-compile-hints). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The first screens' chunks start with V8's compile hint: Chromium then compiles every function of
 * the file on a background thread while it downloads, instead of each on the main thread at its
 * first call. Measured on /dashboard (bench/README.md, "2026-12-04: compile hints"): the main
 * thread's lazy compilation 75–112 ms → 4–27 ms a load, which Lighthouse's 4× CPU simulation counts
 * four times over. Only these chunks: the others are mostly not called on load, and compiling them
 * eagerly would only cost memory. Written after minification, which drops comments.
 */
function compileHints(): Plugin {
  let root = '';
  return {
    name: 'loyalty:compile-hints',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        for (const c of firstScreensClosure(chunks, root)) c.code = `${COMPILE_HINT}${c.code}`;
      },
    },
  };
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every text file of the
 * build of 1 KB or more, once at build time; the server picks one by the request's Accept-Encoding
 * (docs/architecture.md, "The front door"), so no asset is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'loyalty:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter(
        // the service worker is written by the PWA plugin in the same phase: it is served as itself
        (f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite') && !/(^|\/)(sw|workbox-[^/]*)\.js$/.test(f),
      );
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstScreens.plugin,
    firstScreenHtml({ ssrPlugins: () => [react(), ...thirdPartyPatches(), messagesByLanguage()] }),
    mantineStylesPerComponent(),
    ...thirdPartyPatches(),
    messagesByLanguage(),
    compileHints(),
    precompress(),
    // The service worker (src/sw.ts) is built with the app and gets the release's file list injected
    // (docs/architecture.md, "Offline and the service worker"); it is registered by
    // app/register-service-worker.ts and the manifest stays public/manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff,woff2,wasm}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/uploads': { target: apiServer, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/uploads': { target: apiServer, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the manifest lets `npm run bench` weigh the first load of each screen
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: firstScreens.groups } },
    },
  },
});
