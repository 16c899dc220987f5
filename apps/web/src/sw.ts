/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into `dist/sw.js`
 * (docs/architecture.md, "Offline and the service worker"):
 * - Precache: every built file of the release, listed by the plugin in `self.__WB_MANIFEST` with a
 *   revision for files whose name has no content hash. The cache name is derived from that list, so
 *   a new release installs into a new cache and the old one is deleted when it activates.
 * - Pages (navigations): the precached app shell (`index.html`), so the app opens without a server;
 *   the network is used only when the shell is not cached yet.
 * - The API (`/api/*`) and uploads (`/uploads/*`) are never cached.
 * - Push: shows the notification (title, body; data.id and data.type); a click opens its screen.
 */
import { type PushPayload, pushTarget } from '../../../packages/contract/src/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const MANIFEST = self.__WB_MANIFEST;
const SHELL = 'index.html';

/** A short stable hash of the release's file list: the precache's version. */
const version = (() => {
  let h = 2166136261;
  for (const ch of JSON.stringify(MANIFEST)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h.toString(36);
})();
const CACHE = `app-precache-${version}`;
const PREFIX = 'app-precache-';

/** Absolute URL of a manifest entry. */
const entryUrl = (e: { url: string; revision: string | null }) => new URL(e.url, self.location.href).href;
const byPath = new Map(MANIFEST.map((e) => [new URL(e.url, self.location.href).pathname, entryUrl(e)]));
const shellUrl = byPath.get(`/${SHELL}`) ?? new URL('/', self.location.href).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        MANIFEST.map(async (e) => {
          const url = entryUrl(e);
          if (await cache.match(url)) return;
          // revalidated with the server: a file without a hash in its name may have changed
          const res = await fetch(url, { cache: 'no-cache' });
          if (!res.ok) throw new Error(`precache: ${url} answered ${res.status}`);
          await cache.put(url, res);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      // the old release's files and the hand-written worker's old cache go
      await Promise.all(
        keys
          .filter((k) => k !== CACHE && (k.startsWith(PREFIX) || k.startsWith('merchant-shell-')))
          .map((k) => caches.delete(k)),
      );
      await self.clients.claim();
    })(),
  );
});

const neverCached = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/');

async function fromCache(url: string, request: Request): Promise<Response> {
  const cached = await caches.match(url, { cacheName: CACHE });
  return cached ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url)) return;
  const precached = byPath.get(url.pathname);
  // an app route (a path that is not a file) opens the app shell; a file opened directly is itself
  if (request.mode === 'navigate' && !precached && !/\.[^/]*$/.test(url.pathname)) {
    event.respondWith(caches.match(shellUrl, { cacheName: CACHE }).then((shell) => shell ?? fetch(request)));
    return;
  }
  if (precached) event.respondWith(fromCache(precached, request));
});

self.addEventListener('push', (event) => {
  let payload: Partial<PushPayload> = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  const title = payload.title ?? 'Loyalty Merchant';
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, {
        body: payload.body ?? '',
        data: payload.data ?? null,
        tag: payload.id,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
      });
      // open windows hear about it too (the push test screen)
      for (const client of await self.clients.matchAll({ type: 'window' }))
        client.postMessage({ type: 'push', payload: { ...payload, title } });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pushTarget(event.notification.data ?? undefined), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
