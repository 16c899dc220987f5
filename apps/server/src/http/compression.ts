import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

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
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};
