/**
 * The files the server hands out besides the API (docs/architecture.md, "The front door"):
 * - uploaded images under /uploads/ (generated names, cached 30 days, immutable), from the uploads
 *   folder, or streamed from the S3 bucket when one is configured (platform/images/storage.ts);
 * - the built web app at /: hashed files under /assets/ cached a year, immutable; everything else
 *   (index.html, sw.js, manifest.webmanifest, icons) revalidated on every use (`no-cache`); the
 *   brotli or gzip copy the build wrote beside a file (`x.js.br`, `x.js.gz`) goes out instead of it
 *   when the request's Accept-Encoding takes it;
 * - the app shell (index.html, `no-cache`) for app routes: GET or HEAD, outside /api and /uploads,
 *   a path without a file extension or a folder. An address whose first screen the build painted
 *   into a page of its own (`pages/pages.json`: /login, /dashboard; apps/web/build/first-screen-html.ts)
 *   gets that page, which holds only that screen (index.html holds them all). A missing file
 *   (`/assets/x.js`) is a 404, never the shell, and /api and /uploads always answer a JSON 404 `{ message }`.
 * A folder or a dotfile makes the static plugin answer 403; that is a "not found" here too, so the
 * visitor gets the shell or the JSON 404 as above.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messageText } from '@loyalty/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_NAME } from '../platform/images/image.service';
import type { ObjectStorage } from '../platform/images/storage';
import { requestLanguage } from './register';
import { securityHeaders } from './security';

export interface StaticOptions {
  /** Folder of uploaded images, served at /uploads/. */
  uploadsDir: string;
  /** Where the images are; an S3 bucket's are streamed from it rather than read from the folder. */
  storage?: ObjectStorage;
  /** Folder of the built web app, served at / when it holds an index.html. */
  webDist?: string;
}

export const ASSETS_CACHE = 'public, max-age=31536000, immutable';
export const UPLOADS_MAX_AGE = '30d';
const UPLOADS_CACHE = 'public, max-age=2592000, immutable';

const NOT_BUILT =
  '<!doctype html><title>Not built</title><p>The web app is not built yet: run <code>npm run build</code>.</p>';

const pathOf = (url: string): string => url.split('?')[0] ?? '/';

const ENCODINGS = ['br', 'gzip'] as const;
const EXT = { br: 'br', gzip: 'gz' } as const;

/** Whether an Accept-Encoding header takes `encoding` (listed, and not with q=0). */
export function accepts(header: string | string[] | undefined, encoding: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== encoding) return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** The build's pages by address (`{ "/login": "pages/login.html" }`), none when it wrote no list. */
function readPages(webDist: string | undefined): Map<string, string> {
  if (!webDist) return new Map();
  try {
    const list = JSON.parse(fs.readFileSync(path.join(webDist, 'pages/pages.json'), 'utf8')) as Record<string, unknown>;
    return new Map(
      Object.entries(list)
        .filter((e): e is [string, string] => typeof e[1] === 'string' && /^pages\/[\w-]+\.html$/.test(e[1]))
        .map(([route, file]) => [route, path.join(webDist, file)]),
    );
  } catch {
    return new Map();
  }
}

/** Every page of the built web app the server sends (index.html and the first screens' pages): their inline scripts are allowed. */
export function webPagesHtml(webDist: string | undefined): string[] {
  if (!webDist) return [];
  return [path.join(webDist, 'index.html'), ...readPages(webDist).values()]
    .filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f, 'utf8'));
}
const under = (p: string, prefix: string): boolean => p === prefix || p.startsWith(`${prefix}/`);

/** A route of the web app (not a file, not the API, not an upload) that the shell answers. */
export function isAppRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const p = pathOf(url);
  if (under(p, '/api') || under(p, '/uploads')) return false;
  return p.endsWith('/') || path.posix.extname(p) === '';
}

/** An error of the static plugin that means "there is no file to send" (a folder, a dotfile, none). */
const isNoFile = (error: FastifyError): boolean => {
  const status = error.statusCode ?? (error as { status?: number }).status;
  return status === 403 || status === 404;
};

/** The content security policy of a built page, allowing its inline scripts by hash; kept per file until it changes. */
const policies = new Map<string, { mtimeMs: number; csp: string }>();
async function pagePolicy(file: string): Promise<string> {
  const { mtimeMs } = await fs.promises.stat(file);
  const known = policies.get(file);
  if (known?.mtimeMs === mtimeMs) return known.csp;
  const csp = securityHeaders({ pagesHtml: [await fs.promises.readFile(file, 'utf8')] })['content-security-policy'];
  policies.set(file, { mtimeMs, csp });
  return csp;
}

export async function registerStatic(app: FastifyInstance, opts: StaticOptions): Promise<void> {
  const indexHtml = opts.webDist ? path.join(opts.webDist, 'index.html') : undefined;
  const hasWebApp = indexHtml !== undefined && fs.existsSync(indexHtml);
  const pages = readPages(opts.webDist);

  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isAppRoute(request.method, request.url)) {
      if (indexHtml && fs.existsSync(indexHtml)) {
        const page = pages.get(pathOf(request.url));
        const file = page && fs.existsSync(page) ? page : indexHtml;
        // the policy allows this page's own inline scripts, as built now (a rebuilt page with other
        // scripts needs no restart: its scripts start the app)
        reply.header('content-security-policy', await pagePolicy(file));
        // the build's brotli or gzip copy (its best compression) when the client takes it
        const encoding = ENCODINGS.find(
          (e) => accepts(request.headers['accept-encoding'], e) && fs.existsSync(`${file}.${EXT[e]}`),
        );
        const html = await fs.promises.readFile(encoding ? `${file}.${EXT[encoding]}` : file);
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .code(200)
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .type('text/html; charset=utf-8')
          .send(html);
      }
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    return reply.code(404).send({ message: messageText('routeNotFound', requestLanguage(request)) });
  };
  app.setNotFoundHandler(notFound);

  // The static routes live in their own scope, whose error handler sends the static plugin's
  // 403 (a folder, a dotfile) and 404 to the not-found answer; other errors go to the app's handler.
  await app.register(async (files) => {
    const appErrorHandler = files.errorHandler;
    files.setErrorHandler(function (error: FastifyError, request, reply) {
      if (isNoFile(error)) return notFound(request, reply);
      return appErrorHandler.call(this, error, request, reply);
    });

    const storage = opts.storage;
    if (storage && storage.kind !== 'local') {
      files.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
        const name = request.params.name;
        const object = UPLOAD_NAME.test(name) ? await storage.get(name) : null;
        if (!object) return notFound(request, reply);
        reply.header('cache-control', UPLOADS_CACHE).type(object.contentType);
        if (object.length !== undefined) reply.header('content-length', String(object.length));
        return reply.send(object.body);
      });
    } else
      await files.register(fastifyStatic, {
        root: opts.uploadsDir,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        maxAge: UPLOADS_MAX_AGE,
        immutable: true,
      });

    if (opts.webDist && hasWebApp) {
      const assetsDir = path.join(opts.webDist, 'assets') + path.sep;
      await files.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        wildcard: true,
        dotfiles: 'deny',
        preCompressed: true,
        // the plugin's own Cache-Control (from maxAge, default 0) would override setHeaders
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', filePath.startsWith(assetsDir) ? ASSETS_CACHE : 'no-cache');
          // the body depends on Accept-Encoding (preCompressed), which shared caches must know
          res.setHeader('vary', 'accept-encoding');
        },
      });
    }
  });
}
