/**
 * The server's log lines (docs/deploy.md, "Logs"): one JSON object a line with the request id
 * (`reqId`), and no personal data or secrets in them. Fastify logs a request as method, URL and
 * client address only (never headers or bodies); here the URL keeps its path but the values of
 * its query string are dropped (a token or a mobile number could ride there), the client address
 * is cut to its network (the last IPv4 byte, the last 80 bits of IPv6), and the headers that carry
 * credentials and the details a database error may quote (PostgreSQL's `detail` names the values
 * of a unique key) are redacted wherever they appear.
 */
import type { FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  // @fastify/multipart logs the request's headers at trace level
  'busboyOptions.headers.authorization',
  'busboyOptions.headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'err.detail',
  'err.where',
  'err.parameters',
  'err.params',
  'password',
  'token',
  'mobile',
  'cardNumber',
];

/** The path of a URL with the values of its query parameters left out (`/a?token=…&x=…`). */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

/** The network of an address: 203.0.113.7 → 203.0.113.0, 2001:db8:1:2:3:4:5:6 → 2001:db8:1::. */
export function networkOf(address: string | undefined): string | undefined {
  if (!address) return address;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  if (v4) return `${v4[1]}.0`;
  if (address === '::1') return address;
  if (address.includes(':')) return `${address.split(':').slice(0, 3).join(':')}::`;
  return address;
}

interface LoggedRequest {
  id?: string;
  method: string;
  url: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** Options for Fastify's logger: a level, and a stream (tests collect the lines). */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(req: LoggedRequest) {
        return {
          method: req.method,
          url: safeUrl(req.url),
          remoteNetwork: networkOf(req.ip ?? req.socket?.remoteAddress),
        };
      },
    },
  };
}
