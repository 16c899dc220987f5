import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The API server during development (README: PORT defaults to 8080). */
const apiServer = 'http://localhost:8080';

/**
 * React and its router, which every screen needs, go to one long-cached chunk. Mantine, TanStack
 * Query, i18next, react-hook-form and zod are left to the bundler's own splitting: a group of them
 * put every component any lazy screen uses into the first load (bench/README.md, "First load").
 */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
  },
];

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
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
