import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * API answers of 1 KB or more in a compressible type (JSON, HTML, CSV…) go out with brotli or gzip
 * when the client takes it (docs/architecture.md, "The front door"). Never text/event-stream: the
 * plugin's default types leave it out, so server-sent events are never held back in a compressor.
 * Never a file the build compressed already: it carries its own Content-Encoding. Brotli at the
 * plugin's quality 4 costs about what gzip does.
 */
export const COMPRESSION: FastifyCompressOptions = { threshold: 1024, encodings: ['br', 'gzip'] };
