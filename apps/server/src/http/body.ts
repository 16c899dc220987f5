import type { Socket } from 'node:net';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../core/errors';
import type { UploadedFile } from '../core/handler';

type Fields = Record<string, unknown>;

/** Adds a form value: `key[]` and repeated keys become arrays. */
function put(target: Fields, rawKey: string, value: unknown): void {
  const isArray = rawKey.endsWith('[]');
  const key = isArray ? rawKey.slice(0, -2) : rawKey;
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
  const existing = target[key];
  if (isArray) {
    const values = Array.isArray(value) ? value : [value];
    target[key] = Array.isArray(existing)
      ? [...existing, ...values]
      : existing === undefined
        ? values
        : [existing, ...values];
  } else if (existing !== undefined) {
    target[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  } else {
    target[key] = value;
  }
}

export function normalizeFields(input: unknown): Fields {
  const out: Fields = Object.create(null);
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    for (const [k, v] of Object.entries(input)) put(out, k, v);
  }
  return { ...out };
}

/**
 * SPEC §7's envelope (`EndpointDef.dataEnvelope`): the call's fields inside one `data` field, a JSON
 * object in a JSON body or a JSON string in a form body. Its fields are laid over the flat ones
 * (which are read as well); a blank `data` is not given; anything but one JSON object answers 422
 * on `data`.
 */
export function openDataEnvelope(fields: Fields): Fields {
  const { data, ...flat } = fields;
  let inner: unknown = data;
  if (inner === undefined || inner === null) return fields;
  if (typeof inner === 'string') {
    if (inner.trim() === '') return flat;
    try {
      inner = JSON.parse(inner);
    } catch {
      throw invalidField('data', 'invalidDataEnvelope');
    }
  }
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
    throw invalidField('data', 'invalidDataEnvelope');
  const out: Fields = Object.create(null);
  for (const [k, v] of Object.entries(flat)) out[k] = v;
  for (const [k, v] of Object.entries(inner)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    out[k] = v;
  }
  return { ...out };
}

export const MAX_FILES_PER_REQUEST = 10;
/** The longest form field of a multipart body (the longest text of the contract is 2,000 characters). */
export const MAX_FIELD_BYTES = 16 * 1024;

/** Turns the multipart plugin's limit errors into 413, anything unreadable into 400. */
function asAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  )
    return new AppError(413, 'payloadTooLarge');
  return new AppError(400, 'badRequest');
}

/**
 * Reads a multipart body part by part (docs/security.md, "Bodies"): the fields first, stopping at
 * the first file part without reading it, so that the caller can be known (and refused) before any
 * file is read; then, if the call takes files, the rest.
 */
export function multipartReader(request: FastifyRequest) {
  const parts = request.parts()[Symbol.asyncIterator]();
  const next = async (): Promise<Multipart | undefined> => {
    try {
      const r = await parts.next();
      return r.done ? undefined : r.value;
    } catch (err) {
      throw asAppError(err);
    }
  };

  return {
    /** Puts every field into `fields` until the first file part, which is answered unread (or undefined at the end). */
    async fieldsUntilFile(fields: Fields): Promise<MultipartFile | undefined> {
      for (let part = await next(); part; part = await next()) {
        if (part.type === 'file') return part;
        if (part.valueTruncated) throw new AppError(413, 'payloadTooLarge');
        put(fields, part.fieldname, part.value);
      }
      return undefined;
    },

    /** Reads the file part `first` and every part after it: files buffered (5 MB each at most), fields into `fields`. */
    async rest(first: MultipartFile, fields: Fields): Promise<UploadedFile[]> {
      const files: UploadedFile[] = [];
      for (let part: Multipart | undefined = first; part; part = await next()) {
        if (part.type === 'field') {
          if (part.valueTruncated) throw new AppError(413, 'payloadTooLarge');
          put(fields, part.fieldname, part.value);
          continue;
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          throw asAppError(err);
        }
        if (part.file.truncated) throw new AppError(413, 'payloadTooLarge');
        if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
      }
      return files;
    },
  };
}

/** How long an answered request's unread rest is read and thrown away, at most (see lingerOnClose). */
export const LINGER_MS = 2_000;

/**
 * An answer sent before the request's body was read to its end (a refusal mid-upload) goes with
 * `Connection: close`. Node then ends the connection and destroys it at once; a client still
 * sending its body gets a reset (EPIPE, ECONNRESET) and often loses the answer with it, so a
 * phone uploading an image with an expired session saw a network error, not "sign in again".
 * Instead, once the answer is out, the rest of the body is read and thrown away (no memory kept)
 * until the client has sent it all or LINGER_MS have passed, then the connection ends (nginx's
 * lingering close does the same). Undone by `keep()` once the body has been read to its end.
 */
export function lingerOnClose(request: FastifyRequest): { keep: () => void } {
  const socket = request.raw.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket) return { keep: () => {} };
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // the client sent its last byte (or gave up): nothing more to wait for
    socket.once('end', () => socket.destroy());
    request.raw.unpipe();
    request.raw.resume();
    socket.end();
  };
  return { keep: () => void Reflect.deleteProperty(socket, 'destroySoon') };
}
