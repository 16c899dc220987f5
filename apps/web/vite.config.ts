import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The API server during development (DECISIONS §1: PORT defaults to 8080). */
const apiServer = 'http://localhost:8080';

/** Libraries every screen needs go to a few long-cached chunks; the rest (leaflet, charts) stays with the lazy screens. */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|react-number-format|react-textarea-autosize)[\\/]/,
  },
  {
    name: 'data',
    test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|react-hook-form|@hookform|zod)[\\/]/,
  },
];

export default defineConfig({
  plugins: [
    react(),
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
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
