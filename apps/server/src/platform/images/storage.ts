/**
 * Where uploaded images live (docs/deploy.md, "Object storage"): a folder (DATA_DIR/uploads) by
 * default, or an S3-compatible bucket when S3_BUCKET is set, so that several servers share them.
 * Either way an image keeps its stored path `/uploads/<name>` and the server answers that path
 * (from the folder, or streaming the object from the bucket).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { once } from '../../lib/lazy';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Addresses `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket (default `uploads/`). */
  prefix?: string;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  length?: number;
}

export interface ObjectStorage {
  kind: 'local' | 's3';
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Deleting a missing object is not an error. */
  remove(name: string): Promise<void>;
  /** null when there is no such object. */
  get(name: string): Promise<StoredObject | null>;
}

export function localStorage(folder: string): ObjectStorage {
  return {
    kind: 'local',
    async put(name, data) {
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      // readable by the server's user only (docs/deploy.md, "Production checklist")
      await fs.writeFile(path.join(folder, name), data, { flag: 'wx', mode: 0o600 });
    },
    async remove(name) {
      await fs.rm(path.join(folder, name), { force: true });
    },
    async get(name) {
      // (served by the static plugin in practice; here for completeness)
      try {
        const handle = await fs.open(path.join(folder, name));
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), contentType: 'image/webp', length: size };
      } catch {
        return null;
      }
    },
  };
}

export function s3Storage(settings: S3Settings): ObjectStorage {
  // the AWS SDK is loaded with the first upload or download
  const sdk = once(async () => {
    const s3 = await import('@aws-sdk/client-s3');
    const client = new s3.S3Client({
      region: settings.region ?? 'us-east-1',
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle ?? false,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
    return { s3, client };
  });
  const prefix = settings.prefix ?? 'uploads/';
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(name, data, contentType) {
      const { s3, client } = await sdk();
      await client.send(new s3.PutObjectCommand({ Bucket, Key: prefix + name, Body: data, ContentType: contentType }));
    },
    async remove(name) {
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: prefix + name }));
    },
    async get(name) {
      const { s3, client } = await sdk();
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: prefix + name }));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? 'application/octet-stream',
          length: out.ContentLength,
        };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
  };
}
