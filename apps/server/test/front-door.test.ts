/**
 * The front door: the built web app at /, the app shell for app routes, JSON 404s under /api and
 * /uploads, cache headers of the built files and the security headers (docs/architecture.md).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from '../src/http/security';
import { startTestServer, type TestServer } from './harness';

/** The page's own inline script, as the web build writes one (apps/web/vite.config.ts, PRELOAD_SCRIPT). */
const INLINE = "(function(){document.documentElement.dataset.boot='1'})()";
const SHELL = `<!doctype html><html><head><title>Loyalty</title><script type="module" src="/assets/index-Bx7a9Q2c.js"></script><script type="application/json" id="data">{"a":1}</script><script>${INLINE}</script></head><body><div id="root">app shell</div></body></html>`;
/** Its hash, the only inline script the policy allows (not the JSON block, which never runs). */
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
const ASSET = 'assets/index-Bx7a9Q2c.js';

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "style-src 'self' 'unsafe-inline'",
  `script-src 'self' 'wasm-unsafe-eval' ${INLINE_HASH}`,
  "connect-src 'self'",
  "font-src 'self' data:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];
const directives = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .sort();

let t: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.mkdirSync(path.join(webDist, 'icons'));
  fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
  fs.writeFileSync(path.join(webDist, ASSET), 'console.log("app");');
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Loyalty"}');
  fs.writeFileSync(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await startTestServer({ webDist });
  fs.writeFileSync(path.join(t.deps.uploadsDir, 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(path.join(t.deps.uploadsDir, '.secret'), 'not for you');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (p: string, init: RequestInit = {}) => fetch(`${t.url}${p}`, { redirect: 'manual', ...init });

async function expectShell(p: string) {
  const res = await get(p);
  expect(res.status, p).toBe(200);
  expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control'), p).toBe('no-cache');
  expect(await res.text(), p).toBe(SHELL);
  return res;
}

async function expectJson404(p: string, init: RequestInit = {}) {
  const res = await get(p, init);
  expect(res.status, p).toBe(404);
  expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
  const body = (await res.json()) as { message: unknown };
  expect(Object.keys(body), p).toEqual(['message']);
  expect(typeof body.message, p).toBe('string');
  return res;
}

describe('the front door', () => {
  it('serves the app at the bare origin, with or without a query', async () => {
    await expectShell('/');
    await expectShell('/?x=1');
    await expectShell('/?lang=ar&next=%2Fdashboard');
  });

  it('serves the app shell for app routes, directories included', async () => {
    for (const p of [
      '/login',
      '/dashboard',
      '/offer/12',
      '/branch/3/',
      '/setting?sheet=employees',
      '/assets/',
      '/icons/',
    ])
      await expectShell(p);
  });

  it('answers HEAD on an app route with the shell headers and no body', async () => {
    for (const p of ['/', '/dashboard']) {
      const res = await get(p, { method: 'HEAD' });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toBe('');
    }
  });

  it('answers a JSON 404 under /api, for any method', async () => {
    for (const p of ['/api', '/api/', '/api/nothing', '/api/nothing/', '/api/merchant/nothing?x=1', '/api/x.js'])
      await expectJson404(p);
    await expectJson404('/api/nothing', { method: 'POST' });
    await expectJson404('/api/nothing', { method: 'DELETE' });
  });

  it('answers a JSON 404 under /uploads for folders, missing files and dotfiles, and serves the files', async () => {
    for (const p of [
      '/uploads',
      '/uploads/',
      '/uploads/?x=1',
      '/uploads/missing.png',
      '/uploads/.secret',
      '/uploads/nested/',
    ])
      await expectJson404(p);
    const res = await get('/uploads/photo.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
  });

  it('answers a plain 404, not the shell, for a missing file', async () => {
    for (const p of ['/assets/missing.js', '/assets/missing.css', '/favicon.ico', '/icons/none.png']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type') ?? '', p).not.toMatch(/text\/html/);
      expect(await res.text(), p).not.toContain('app shell');
    }
  });

  it('never serves the shell for other methods or leaves the web folder', async () => {
    const post = await get('/dashboard', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(post.headers.get('content-type')).toMatch(/^application\/json/);
    for (const p of [
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expect(await res.text(), p).not.toMatch(/root:|"workspaces"/);
    }
  });
});

describe('cache headers of the built app', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const res = await get(`/${ASSET}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, the service worker, the manifest and other root files', async () => {
    for (const p of ['/index.html', '/sw.js', '/manifest.webmanifest', '/icons/icon-192.png']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });
});

describe('security headers', () => {
  it('computes the same headers once for every answer, with HSTS only when asked for', () => {
    const plain = securityHeaders();
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['x-frame-options']).toBe('DENY');
    expect(securityHeaders({ hsts: true })['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends the content security policy and the other headers on the app', async () => {
    for (const p of ['/', '/dashboard', '/index.html']) {
      const res = await get(p);
      expect(directives(res.headers.get('content-security-policy')), p).toEqual([...CSP_DIRECTIVES].sort());
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('referrer-policy'), p).toBe('same-origin');
      expect(res.headers.get('permissions-policy'), p).toBe('camera=(self), microphone=(), geolocation=(self)');
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('keeps nosniff and the frame and referrer rules on API answers, errors and files', async () => {
    const answers = [
      await get('/api/health'),
      await get('/api/nothing'),
      await get('/uploads/photo.png'),
      await get(`/${ASSET}`),
      await fetch(`${t.url}/api/merchant/login`, { method: 'POST', body: new URLSearchParams({ username: '1' }) }),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(res.headers.get('referrer-policy'), res.url).toBe('same-origin');
      expect(res.headers.get('x-powered-by'), res.url).toBeNull();
    }
  });
  it('sends Strict-Transport-Security only when the operator opts in (HSTS=1)', async () => {
    for (const hsts of [false, true]) {
      const app = Fastify();
      await registerSecurityHeaders(app, { hsts });
      app.get('/x', async () => ({ data: 1 }));
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.headers['strict-transport-security']).toBe(hsts ? 'max-age=31536000' : undefined);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      await app.close();
    }
  });
});

describe('without a built web app', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ webDist: path.join(os.tmpdir(), 'loyalty-no-such-dist') });
  });
  afterAll(async () => bare?.close());

  it('says how to build it on app routes and keeps the JSON 404s', async () => {
    for (const p of ['/', '/?x=1', '/dashboard']) {
      const res = await fetch(`${bare.url}${p}`);
      expect(res.status, p).toBe(503);
      expect(await res.text(), p).toContain('npm run build');
    }
    for (const p of ['/api/nothing', '/uploads/', '/assets/missing.js']) {
      const res = await fetch(`${bare.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.json(), p).toHaveProperty('message');
    }
  });
});

describe('the first screens’ own pages (pages/pages.json; apps/web/build/first-screen-html.ts)', () => {
  const PAGE_SCRIPT = "(function(){document.documentElement.dataset.page='login'})()";
  const LOGIN_PAGE = `<!doctype html><html><head><script>${PAGE_SCRIPT}</script></head><body><template id="first-screen-login-en">Log in</template><div id="root"></div></body></html>`;
  let site: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-web-pages-'));
    fs.mkdirSync(path.join(dist, 'pages'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    fs.writeFileSync(path.join(dist, 'pages/login.html'), LOGIN_PAGE);
    // the build's compressed copies of the login page (apps/web/vite.config.ts, precompress)
    fs.writeFileSync(path.join(dist, 'pages/login.html.br'), zlib.brotliCompressSync(LOGIN_PAGE));
    fs.writeFileSync(path.join(dist, 'pages/login.html.gz'), zlib.gzipSync(LOGIN_PAGE));
    fs.writeFileSync(path.join(os.tmpdir(), 'loyalty-outside.html'), 'outside');
    // a listed file outside pages/ (or missing) is never sent: the shell is
    fs.writeFileSync(
      path.join(dist, 'pages/pages.json'),
      JSON.stringify({
        '/login': 'pages/login.html',
        '/dashboard': 'pages/dashboard.html',
        '/setting': '../loyalty-outside.html',
      }),
    );
    site = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends an address its own page, any other the shell, and allows both pages’ scripts', async () => {
    for (const p of ['/login', '/login?next=x']) {
      const res = await fetch(`${site.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toBe(LOGIN_PAGE);
    }
    for (const p of ['/', '/dashboard', '/setting', '/login/x'])
      expect(await (await fetch(`${site.url}${p}`)).text(), p).toBe(SHELL);
    // its best compression, as the client takes it
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', null],
    ]) {
      const res = await fetch(`${site.url}/login`, { headers: { 'accept-encoding': accept as string } });
      expect(res.headers.get('content-encoding'), accept as string).toBe(encoding);
      expect(res.headers.get('vary'), accept as string).toMatch(/accept-encoding/i);
      expect(await res.text(), accept as string).toBe(LOGIN_PAGE);
    }
    // a page rebuilt while the server runs is sent with the policy of its own scripts
    const REBUILT = "(function(){document.documentElement.dataset.page='rebuilt'})()";
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(dist, `pages/login.html${ext}`));
    fs.writeFileSync(path.join(dist, 'pages/login.html'), LOGIN_PAGE.replace(PAGE_SCRIPT, REBUILT));
    fs.utimesSync(path.join(dist, 'pages/login.html'), new Date(), new Date(Date.now() + 5000));
    const rebuilt = await fetch(`${site.url}/login`);
    expect(await rebuilt.text()).toContain(REBUILT);
    expect(rebuilt.headers.get('content-security-policy')).toContain(
      `'sha256-${createHash('sha256').update(REBUILT).digest('base64')}'`,
    );
    // the shell carries its own; the API's answers every page's as built at start
    expect((await fetch(`${site.url}/`)).headers.get('content-security-policy')).toContain(INLINE_HASH);
    const csp = (await fetch(`${site.url}/api/health`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(INLINE_HASH);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`);
  });
});
