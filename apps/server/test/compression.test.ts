/**
 * Everything compressed on the wire (docs/architecture.md, "The front door"): the web app's files
 * as the build precompressed them (brotli or gzip by Accept-Encoding, a year's immutable caching for
 * hashed assets), and API answers of 1 KB or more compressed per request; small answers and
 * server-sent events go out plain.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION } from '../src/http/compression';
import { addBranch } from './catalogue-fixtures';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';

const ASSET = 'assets/index-Ck7a9Q2c.js';
const SOURCE = `console.log(${JSON.stringify('the app '.repeat(400))});`;
// the build's copies differ from what the server would compute, so a test can tell which was sent
const BR_COPY = zlib.brotliCompressSync(Buffer.from(`${SOURCE}//br`));
const GZ_COPY = zlib.gzipSync(Buffer.from(`${SOURCE}//gz`));

let t: TestServer;
let m: MerchantFixture;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Loyalty</title>');
  fs.writeFileSync(path.join(webDist, ASSET), SOURCE);
  fs.writeFileSync(path.join(webDist, `${ASSET}.br`), BR_COPY);
  fs.writeFileSync(path.join(webDist, `${ASSET}.gz`), GZ_COPY);
  t = await startTestServer({ webDist });
  m = await merchantFixture(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** A raw GET or POST (fetch would decode the body and hide the encoding). */
function raw(
  p: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${p}`, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('the built web app', () => {
  it('sends the brotli copy when the browser takes brotli, cached a year and immutable', async () => {
    const res = await raw(`/${ASSET}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.equals(BR_COPY)).toBe(true);
  });

  it('sends the gzip copy to a gzip-only client and the file itself to one that takes neither', async () => {
    const gz = await raw(`/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.body.equals(GZ_COPY)).toBe(true);

    const plain = await raw(`/${ASSET}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(SOURCE);
  });

  it('keeps index.html revalidated on every use', async () => {
    const res = await raw('/dashboard', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  const list = (encoding: string) =>
    raw('/api/merchant/branch/list', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${m.token}`,
        'accept-encoding': encoding,
      },
      body: 'pageNum=1',
    });

  it('compresses a big list with brotli or gzip as the client asks, and the JSON is intact', async () => {
    for (let i = 0; i < 10; i++) await addBranch(t, m, `Branch number ${i} with a rather long name`);
    const br = await list('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    const fromBr = JSON.parse(zlib.brotliDecompressSync(br.body).toString());
    expect(fromBr.data.branches ?? fromBr.data).toBeTruthy();
    expect(zlib.brotliDecompressSync(br.body).length).toBeGreaterThan(1024);
    expect(br.body.length).toBeLessThan(zlib.brotliDecompressSync(br.body).length);

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(fromBr);

    const plain = await list('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(fromBr);
  });

  it('sends a small answer plain', async () => {
    const res = await raw('/api/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ data: { status: 'ok' } });
  });

  it('sends answers intact whether compressed at once in small chunks or streamed, and keeps no 16 KB buffer per small answer', async () => {
    // the app's own settings; random text barely compresses, so a 6 KB answer comes out of the
    // one-call path in several 1 KB chunks joined, and a 200 KB one goes through the stream
    const app = Fastify();
    await app.register(compress, COMPRESSION);
    const text = (n: number) => crypto.randomBytes(n).toString('base64');
    const answers = { small: { data: text(4500) }, large: { data: text(150_000) } };
    app.get('/:size', async (req) => answers[(req.params as { size: 'small' | 'large' }).size]);
    for (const size of ['small', 'large'] as const) {
      const want = JSON.stringify(answers[size]);
      const br = await app.inject({ url: `/${size}`, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(want);
      const gz = await app.inject({ url: `/${size}`, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(want);
    }
    await app.close();

    // a thousand 10-row lists' compressed answers, all held: with zlib's default chunk each keeps a
    // 16 KB buffer of its own; with the server's they share Node's pool of small buffers (its slab
    // size differs between Node versions, so what is measured is the memory the answers hold)
    const oneCall = COMPRESSION.zlib as Record<'brotliCompressSync' | 'gzipSync', (b: Buffer, o: object) => Buffer>;
    const list = Buffer.from(
      JSON.stringify({ data: Array.from({ length: 10 }, (_, i) => ({ id: i, name: `فرع ${i}` })) }),
    );
    const heldBy = (compress: () => Buffer) => {
      const before = process.memoryUsage().arrayBuffers;
      const answers = Array.from({ length: 1000 }, compress);
      const held = process.memoryUsage().arrayBuffers - before;
      expect(answers.every((a) => a.length > 0 && a.length < 1024)).toBe(true);
      return held;
    };
    expect(heldBy(() => zlib.brotliCompressSync(list, COMPRESSION.brotliOptions))).toBeGreaterThan(8 * 1024 * 1024);
    expect(heldBy(() => oneCall.brotliCompressSync(list, COMPRESSION.brotliOptions ?? {}))).toBeLessThan(
      2 * 1024 * 1024,
    );
    expect(heldBy(() => oneCall.gzipSync(list, COMPRESSION.zlibOptions ?? {}))).toBeLessThan(2 * 1024 * 1024);
  });

  it('never compresses server-sent events (a compressor would hold them back)', async () => {
    // the app's own settings, on a route that answers an event stream
    const app = Fastify();
    await app.register(compress, COMPRESSION);
    app.get('/events', async (_req, reply) => {
      reply.type('text/event-stream');
      return `data: ${'x'.repeat(4000)}\n\n`;
    });
    const res = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br, gzip' } });
    await app.close();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.startsWith('data: xxx')).toBe(true);
  });
});
