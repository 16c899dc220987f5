/**
 * Security headers on every answer (the app, the API, files and errors), through @fastify/helmet
 * (docs/decisions/0008-helmet-and-static-serving.md). One policy for the whole origin:
 * - a strict content security policy: our own scripts only, images also from data:, blob: and
 *   https: (map tiles), inline styles (Mantine injects them), no framing, no foreign form targets;
 * - nosniff, X-Frame-Options DENY, Referrer-Policy same-origin;
 * - Permissions-Policy: the camera (the QR scanner) and geolocation (the map) for our own pages,
 *   no microphone;
 * - Strict-Transport-Security only when the operator serves over HTTPS and opts in (`HSTS=1`):
 *   locally the app is served over plain http, where HSTS would only get in the way.
 *
 * The headers do not depend on the request (no CSP nonces), so helmet computes them once at start
 * and one hook copies them onto every answer: @fastify/helmet ran helmet — parsing the CSP
 * directives anew — on every request, a few percent of a list request's CPU (bench/README.md,
 * "Profile"; docs/decisions/0008).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // 'wasm-unsafe-eval' lets our own QR reader (zxing-wasm, served from 'self') compile its
  // WebAssembly; it allows no JavaScript eval (docs/domain.md, "Signed request codes")
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(self)';

/** One year, as browsers' preload lists expect; subdomains are left to the operator. */
const HSTS_MAX_AGE = 365 * 24 * 3600;

export interface SecurityOptions {
  /** Send Strict-Transport-Security (only when the app is served over HTTPS). */
  hsts?: boolean;
  /** The web app's pages (index.html, the first screens' pages): their inline scripts are allowed by their hashes, no other inline script. */
  pagesHtml?: string[];
}

/**
 * `'sha256-…'` of each inline script of a page (not of a `src` script, nor of a JSON data block,
 * which the browser does not run): the web app's inline scripts pick and paint the first screen and
 * start the app's scripts (apps/web/build/first-screen-html.ts). The answers of the API carry the
 * hashes of the pages built when the server started; a page itself is sent with the policy of its
 * own scripts as they are on disk (http/static.ts), so a rebuilt page works without a restart.
 */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/json/i.test(attrs)) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return out;
}

/** The headers helmet sets for these options, computed by running it once against a recorder. */
export function securityHeaders(opts: SecurityOptions = {}): Record<string, string> {
  const options: HelmetOptions = {
    // exactly our directives: helmet's defaults would add upgrade-insecure-requests, which breaks
    // an app served over plain http on a local network
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CSP_DIRECTIVES,
        scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...new Set((opts.pagesHtml ?? []).flatMap(inlineScriptHashes))],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: opts.hsts ? { maxAge: HSTS_MAX_AGE, includeSubDomains: false } : false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** Registers the headers on the root instance, so they apply to every route and every error. */
export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityOptions = {}): Promise<void> {
  const headers = securityHeaders(opts);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
