import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

const brotliOptions: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const zlibOptions: zlib.ZlibOptions = { level: 1 };

/**
 * The output chunk of an answer compressed at once. The plugin compresses an answer up to its
 * `syncThreshold` (8 KB on two cores) with zlib's one-call functions, which write into one output
 * buffer of `chunkSize` (16 KB by default, outside V8's heap) and hand back a slice of it, so a
 * 10-row list's ~500 compressed bytes kept 16 KB alive until the next collection: at a few thousand
 * answers a second, tens of MB of resident memory (bench/README.md, "Memory", 2026-12-06). At 1 KB
 * the buffer comes from Node's pool of small buffers, and a larger output is a few chunks joined.
 * Answers streamed (above the threshold: the 1000-row pages) keep the default chunks.
 */
const SYNC_CHUNK = 1024;

/**
 * API answers of 1 KB or more in a compressible type (JSON, HTML, CSV…) go out with brotli or gzip
 * when the client takes it (docs/architecture.md, "The front door"). Never text/event-stream: the
 * plugin's default types leave it out, so server-sent events are never held back in a compressor.
 * Never a file the build compressed already: it carries its own Content-Encoding.
 * Brotli at quality 1: a 10-row list (4.6 KB of JSON) shrinks to ~490 bytes in ~0.13 ms, where
 * the plugin's default quality 4 took ~0.43 ms for ~400 bytes (bench/README.md, "Profile").
 */
export const COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions,
  zlibOptions,
  // the one-call functions with the small chunk; everything else (the streams) is Node's zlib, which
  // the plugin falls back to for what this object does not have
  zlib: {
    brotliCompressSync: (buffer: Buffer, options: zlib.BrotliOptions) =>
      zlib.brotliCompressSync(buffer, { ...options, chunkSize: SYNC_CHUNK }),
    gzipSync: (buffer: Buffer, options: zlib.ZlibOptions) =>
      zlib.gzipSync(buffer, { ...options, chunkSize: SYNC_CHUNK }),
  },
};
