/**
 * No body is buffered before its caller is known (docs/security.md, "Bodies"): a file part on a call
 * that takes no files is refused unread; on a call that takes files the caller is known (header
 * token, or a token field before the files) before any file is read; uploads are bounded per process.
 * Each refusal must come back while the client is still sending: the server did not read the rest.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const MB = 1024 * 1024;
const BOUNDARY = '----loyaltyBodyTest';

interface Outcome {
  status: number;
  body: string;
  /** Bytes written before the answer came (or the connection ended). */
  sentBefore: number;
}

/**
 * POSTs a multipart body of `fields`, then `files` file parts of 5 MB each, written in 64 KB
 * chunks as fast as the connection takes them; stops writing as soon as an answer arrives.
 */
function sendMultipart(
  base: string,
  path: string,
  o: { fields?: Record<string, string>; files: number; headers?: Record<string, string>; fileField?: string },
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/${path}`, base);
    let sent = 0;
    let answered: Outcome | undefined;
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...o.headers },
    });
    req.on('response', (res) => {
      answered = { status: res.statusCode ?? 0, body: '', sentBefore: sent };
      res.setEncoding('utf8');
      res.on('data', (d) => {
        answered!.body += d;
      });
      res.on('end', () => resolve(answered!));
    });
    req.on('error', (err) => (answered ? resolve(answered) : reject(err)));
    const write = (chunk: string | Buffer) =>
      new Promise<void>((done) => {
        sent += chunk.length;
        if (req.write(chunk)) done();
        else req.once('drain', done);
      });
    void (async () => {
      for (const [k, v] of Object.entries(o.fields ?? {}))
        await write(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      for (let f = 0; f < o.files && !answered; f++) {
        await write(
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${o.fileField ?? 'image1'}"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
        );
        for (let n = 0; n < (5 * MB - 1024) / chunk.length && !answered; n++) await write(chunk);
        await write('\r\n');
      }
      if (!answered) req.end(`--${BOUNDARY}--\r\n`);
    })().catch(() => undefined);
  });
}

describe('uploads are bounded per process', () => {
  it('beyond the uploads at once and in line, an upload answers 503 before its files are read', async () => {
    const metricsToken = 'body-limits-metrics-token-0123456789';
    const own = await startTestServer({ uploads: { atOnce: 1, waiting: 0 }, metricsToken });
    const uploads = async (state: 'running' | 'waiting') => {
      const res = await fetch(`${own.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      const line = new RegExp(`^work_queue_tasks\\{queue="uploads",state="${state}"\\} (\\d+)$`, 'm');
      return Number(line.exec(await res.text())?.[1]);
    };
    try {
      const m = await merchantFixture(own);
      // the first upload holds the one place: its file is still arriving
      const slow = http.request(new URL('/api/merchant/product/upload/image', own.url), {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${m.token}` },
      });
      const slowAnswer = new Promise<number>((resolve) => slow.on('response', (r) => resolve(r.statusCode ?? 0)));
      slow.write(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="productId"\r\n\r\n2000000000\r\n`);
      slow.write(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      );
      slow.write(Buffer.alloc(1024, 0x41));
      // the first upload holds the place before the second is sent (/metrics shows it running)
      await expect.poll(() => uploads('running'), { timeout: 15_000 }).toBe(1);
      const busy = await sendMultipart(own.url, 'merchant/product/upload/image', {
        fields: { productId: '2000000000' },
        files: 1,
        fileField: 'image',
        headers: { authorization: `Bearer ${m.token}` },
      });
      expect(busy.status).toBe(503);
      expect(JSON.parse(busy.body).message).toBe('The server is busy, please try again in a moment');
      expect(busy.sentBefore).toBeLessThan(4 * MB);
      slow.end(`\r\n--${BOUNDARY}--\r\n`);
      expect([404, 422]).toContain(await slowAnswer);
      // its place is given back: the next upload is not refused as busy
      await expect.poll(() => uploads('running')).toBe(0);
      expect(await uploads('waiting')).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe('files before their caller is known', () => {
  it('10 × 5 MB parts to merchant/login (no files taken) are refused unread', async () => {
    const res = await sendMultipart(t.url, 'merchant/login', { fields: { username: '97455000000' }, files: 10 });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ message: 'This request does not take files' });
    expect(res.sentBefore).toBeLessThan(10 * MB);
  });

  it('an upload without a token, or with a dead one, is refused before its files are read', async () => {
    const none = await sendMultipart(t.url, 'merchant/offer/upload/images', { fields: { offerId: '1' }, files: 5 });
    expect(none.status).toBe(401);
    expect(none.sentBefore).toBeLessThan(5 * MB);
    const dead = await sendMultipart(t.url, 'merchant/offer/upload/images', {
      files: 5,
      headers: { authorization: 'Bearer not-a-live-token' },
    });
    expect(dead.status).toBe(401);
    expect(dead.sentBefore).toBeLessThan(5 * MB);
  });

  it("a caller outside the call's roles is refused before the files too", async () => {
    const unapproved = await merchantFixture(t, { approved: false });
    const res = await sendMultipart(t.url, 'merchant/offer/upload/images', {
      fields: { token: unapproved.token },
      files: 5,
    });
    expect(res.status).toBe(403);
    expect(res.sentBefore).toBeLessThan(5 * MB);
  });

  it('the token may come as a field before the files; the upload is then read', async () => {
    const m = await merchantFixture(t);
    const res = await sendMultipart(t.url, 'merchant/product/upload/image', {
      fields: { token: m.token, productId: '2000000000' },
      files: 1,
      fileField: 'image',
    });
    // read to the end (the product does not exist, and the bytes are no image)
    expect([404, 422]).toContain(res.status);
    expect(res.sentBefore).toBeGreaterThan(4 * MB);
  });
});

describe('an answer before the body is read to its end ends the connection', () => {
  it('lets a client that sends its whole body anyway finish it, without a reset (the rest is read and thrown away)', async () => {
    // as a browser does: the answer comes at the first file part; the client keeps sending 8 MB
    const outcome = await new Promise<{ status: number; error?: string }>((resolve) => {
      let status = 0;
      const req = http.request(new URL('/api/merchant/login', t.url), {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        res.resume();
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ status, error: err.code ?? err.message }));
      req.on('close', () => resolve({ status }));
      void (async () => {
        const write = (chunk: string | Buffer) =>
          new Promise<void>((done) => (req.write(chunk) ? setImmediate(done) : req.once('drain', done)));
        await write(
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
        );
        const chunk = Buffer.alloc(64 * 1024, 0x41);
        for (let n = 0; n < 128 && !req.destroyed; n++) await write(chunk);
        if (!req.destroyed) req.end(`\r\n--${BOUNDARY}--\r\n`);
      })();
    });
    expect(outcome).toEqual({ status: 415 });
  });

  it('a file too large (413) is answered with Connection: close, and the server still closes at once', async () => {
    const own = await startTestServer();
    const m = await merchantFixture(own);
    const big = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="productId"\r\n\r\n1\r\n` +
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      Buffer.alloc(6 * MB, 0x41),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const agent = new http.Agent({ keepAlive: true });
    const answer = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request(new URL('/api/merchant/product/upload/image', own.url), {
        method: 'POST',
        agent,
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          authorization: `Bearer ${m.token}`,
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.end(big);
    });
    expect(answer).toEqual({ status: 413, connection: 'close' });
    // kept alive, the half-read connection would wait paused and hold app.close() up for ever
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    agent.destroy();
  });
});
