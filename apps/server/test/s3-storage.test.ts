/**
 * Uploads in an S3-compatible bucket (docs/deploy.md, "Object storage"), against s3rver on
 * loopback: an offer image uploaded through the API lands in the bucket (nothing in the local
 * uploads folder), keeps its `/uploads/...` path, and the server streams it back byte for byte
 * with its type and cache headers; a missing one is a JSON 404.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addBranch, addOffer, addTags, file, picture } from './catalogue-fixtures';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
// s3rver ships no types
const S3rver: new (opts: object) => S3rverInstance = createRequire(__filename)('s3rver');

const BUCKET = 'loyalty-test-images';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-s3rver-'));
let s3: S3rverInstance;
let endpoint: string;
let t: TestServer;
let m: MerchantFixture;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await startTestServer({
    s3: { bucket: BUCKET, endpoint, region: 'us-east-1', forcePathStyle: true, ...credentials },
  });
  m = await merchantFixture(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('stores an offer image in the bucket and streams it back byte-identical', async () => {
  const branch = await addBranch(t, m);
  const tags = await addTags(t, 1);
  const offerId = await addOffer(t, m, [branch], tags);
  const res = await t.call(
    'merchant/offer/upload/images',
    { offerId },
    { token: m.token, files: [file('image1', await picture('png'), 'a.png')] },
  );
  expect(res.status).toBe(200);
  const [stored] = res.body.data.images as string[];
  expect(stored).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  expect(fs.readdirSync(t.deps.uploadsDir)).toEqual([]);

  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: stored.slice(1) }));
  const inBucket = Buffer.from(
    await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
  expect(object.ContentType).toBe('image/webp');
  expect(inBucket.length).toBeGreaterThan(0);

  const served = await fetch(`${t.url}${stored}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect(served.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
  expect(Buffer.from(await served.arrayBuffer()).equals(inBucket)).toBe(true);

  const missing = await fetch(`${t.url}/uploads/${'0'.repeat(32)}.webp`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ message: expect.any(String) });
  expect((await fetch(`${t.url}/uploads/..%2Fsecret`)).status).toBe(404);

  expect(fs.readdirSync(t.deps.uploadsDir)).toEqual([]);
});
