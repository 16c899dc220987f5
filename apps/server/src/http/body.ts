import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors';
import type { UploadedFile } from './context';

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

export interface ReadBody {
  fields: Fields;
  files: UploadedFile[];
}

export const MAX_FILES_PER_REQUEST = 10;

/** Reads JSON, urlencoded or multipart bodies into plain fields and buffered files. */
export async function readBody(request: FastifyRequest, acceptFiles: boolean): Promise<ReadBody> {
  if (!request.isMultipart()) return { fields: normalizeFields(request.body), files: [] };
  const raw: Fields = Object.create(null);
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, 'payloadTooLarge');
        if (acceptFiles && data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        put(raw, part.fieldname, part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(413, 'payloadTooLarge');
    if (code === 'FST_FIELDS_LIMIT') throw new AppError(413, 'payloadTooLarge');
    throw new AppError(400, 'badRequest');
  }
  return { fields: { ...raw }, files };
}
