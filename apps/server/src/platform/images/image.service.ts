/**
 * The one place that accepts uploaded images (docs/domain.md, images): an image is accepted only when its
 * content decodes as JPEG, PNG, WebP or GIF (never by its name or type header), at most 5 MB (the
 * multipart limit answers 413 before we get here), re-encoded to WebP (metadata stripped, EXIF
 * orientation applied) under a random name in the object storage (./storage.ts: the uploads folder,
 * or an S3 bucket), and served at `/uploads/<name>`.
 * Every file of a request is checked before any is written, so a rejected upload changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { LIMITS, type MessageKey } from '@loyalty/contract';
import { AppError } from '../../core/errors';
import type { UploadedFile } from '../../core/handler';
import { once } from '../../lib/lazy';
import type { ObjectStorage } from './storage';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Larger pictures are scaled down to fit this box; a phone screen never needs more. */
const MAX_SIDE = 2048;
/** Refuse decompression bombs: at most this many pixels are decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
export const UPLOADS_PREFIX = '/uploads/';

/** A 422 whose message is the key itself (shown in a toast) and also names the file field. */
export const imageError = (key: MessageKey, field: string) => new AppError(422, key, [{ field, message: key }]);

/** The uploaded files of the allowed fields, in field order; none → 422 `noImage`. */
export function pickFiles(
  files: UploadedFile[],
  fields: readonly string[],
  max: number,
  tooMany: MessageKey,
): UploadedFile[] {
  const picked = files.filter((f) => fields.includes(f.field));
  if (picked.length === 0) throw imageError('noImage', fields[0]);
  if (picked.length > max) throw imageError(tooMany, fields[0]);
  return picked.sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field));
}

/** sharp (libvips) is loaded with the first upload. */
const loadSharp = once(async () => (await import('sharp')).default);

async function reencode(file: UploadedFile): Promise<Buffer> {
  if (file.data.length > LIMITS.imageMaxBytes) throw new AppError(413, 'payloadTooLarge');
  const sharp = await loadSharp();
  try {
    const meta = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('format');
    return await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw imageError('invalidImage', file.field);
  }
}

/** The name of a stored image (`/uploads/<32 hex>.webp`), or null for anything else. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;
export function uploadNameOf(stored: string): string | null {
  if (!stored.startsWith(UPLOADS_PREFIX)) return null;
  const name = stored.slice(UPLOADS_PREFIX.length);
  return UPLOAD_NAME.test(name) ? name : null;
}

export function imageStore(storage: ObjectStorage) {
  const store = {
    /** Checks and re-encodes every file, then writes them all; answers the stored paths in order. */
    async saveAll(files: UploadedFile[]): Promise<string[]> {
      const encoded: Buffer[] = [];
      for (const f of files) encoded.push(await reencode(f));
      const paths: string[] = [];
      try {
        for (const data of encoded) {
          const name = `${randomBytes(16).toString('hex')}.webp`;
          await storage.put(name, data, 'image/webp');
          paths.push(`${UPLOADS_PREFIX}${name}`);
        }
      } catch (err) {
        await store.removeAll(paths);
        throw err;
      }
      return paths;
    },

    /** Deletes stored images; a path that is not one of ours, or already gone, is skipped. */
    async removeAll(stored: (string | null | undefined)[]): Promise<void> {
      for (const p of stored) {
        const name = p ? uploadNameOf(p) : null;
        if (name) await storage.remove(name);
      }
    },
  };
  return store;
}

export type ImageStore = ReturnType<typeof imageStore>;
