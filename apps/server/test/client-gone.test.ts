/**
 * A client that closes its connection before its answer is ready, or while a compressed answer is
 * being streamed (a closed tab, an app that gave up waiting), is not an error of ours: the log
 * notes it at info level, with no stack, and the process goes on (http/error-handler.ts). Errors
 * that are ours still log at error level and answer 500 without details.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { finished, PassThrough } from 'node:stream';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientGone } from '../src/core/errors';
import { COMPRESSION } from '../src/http/compression';
import { installErrorHandler } from '../src/http/error-handler';
import { loggerOptions } from '../src/http/logging';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A page big enough to be compressed as a stream (above the plugin's in-line size). */
const BIG = { data: { list: Array.from({ length: 4000 }, (_, i) => ({ id: i, title: `Offer number ${i}` })) } };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWithLog() {
  const lines: { level: number; msg: string; err?: unknown }[] = [];
  app = Fastify({ logger: loggerOptions('info', { write: (l) => void lines.push(JSON.parse(l)) }) });
  await app.register(compress, COMPRESSION);
  installErrorHandler(app);
  return { app, lines };
}

/** Sends a POST and closes the connection after `ms`, whatever has arrived by then. */
function leaveAfter(port: number, path: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request({ port, path, method: 'POST', headers: { 'accept-encoding': 'br' } });
    req.on('error', () => resolve());
    req.on('response', (res) => res.on('data', () => req.destroy()));
    req.end();
    setTimeout(() => {
      req.destroy();
      resolve();
    }, ms);
  });
}

/**
 * Waits until the log holds `msg`, up to 5 s: the server notices the closed socket on a timer, and a
 * CI host running other test files beside this one once took more than the 1 s allowed before.
 */
async function settle(lines: { msg: string }[], msg: string) {
  for (let i = 0; i < 500 && !lines.some((l) => l.msg === msg); i++) await sleep(10);
}

describe('a client that leaves before its answer', () => {
  it('while its answer is computed or streamed: no error, no stack', async () => {
    const { app, lines } = await appWithLog();
    app.post('/slow', async () => {
      await sleep(30);
      return BIG;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // clients leaving at different moments, several at once (as when a phone's app gives up)
    await Promise.all(Array.from({ length: 12 }, (_, i) => leaveAfter(port, '/slow', 5 + 5 * i)));
    await sleep(200);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });

  it("whose answer's stream then ends early (Node's premature close, before the headers went out): info, no error", async () => {
    const { app, lines } = await appWithLog();
    app.post('/stream', async (request) => {
      while (!request.raw.socket.destroyed) await sleep(5);
      // what Fastify hands the error handler when a compressed answer's stream is cut before its
      // first bytes: Node's own error for a stream destroyed before its end
      const body = new PassThrough();
      const cut = new Promise<Error>((resolve) => finished(body, (err) => resolve(err as Error)));
      body.destroy();
      throw await cut;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await leaveAfter(port, '/stream', 10);
    await settle(lines, 'client closed the connection before the answer');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain('client closed the connection before the answer');
  });

  it('a handler that finds its client gone (a queued large page) answers nobody and logs no error', async () => {
    const { app, lines } = await appWithLog();
    app.post('/gone', async () => {
      throw new ClientGone();
    });
    const res = await app.inject({ method: 'POST', url: '/gone' });
    expect(res.statusCode).toBe(499);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain('client closed the connection before the answer');
  });

  it('an error of ours still logs at error level and answers a plain 500', async () => {
    const { app, lines } = await appWithLog();
    app.post('/broken', async () => {
      throw new Error('broken here');
    });
    const res = await app.inject({ method: 'POST', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('broken here');
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(['unhandled error']);
  });
});
