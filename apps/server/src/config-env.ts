/**
 * The environment the server reads, as one zod schema (ENV): each key is one setting, with its parser,
 * default and one line of description (docs/deploy.md, "Settings", lists each; a test checks that
 * every name here is documented there). `config.ts` turns it into the Config the server runs with.
 */
import { z } from 'zod';

/** A value left blank counts as unset. */
const text = () => z.string().optional();
const flag = () =>
  z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true');
const url = (what: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), `must be an http(s) URL (${what})`);

/** A base64url value of exactly `bytes` bytes. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || (/^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes),
      `must be ${what} (base64url, ${bytes} bytes)`,
    );

/** The environment the server reads; each key is one setting (docs/deploy.md, "Settings"). */
export const ENV = z.object({
  NODE_ENV: text(),
  PORT: z.coerce.number().int().min(0).max(65535, 'must be a port number').default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: text(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// connection string'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'must be a plain schema name (letters, digits, _)')
    .optional(),
  /** npm run bench only: every statement and its values appended to this file (refused in production). */
  SQL_TRACE_FILE: text(),
  WEB_DIST: text(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TRUST_PROXY: flag(),
  HSTS: flag(),
  SUPPORT_EMAIL: text(),
  SUPPORT_PHONE: text(),
  PAYMENTS: z.enum(['stripe', 'test']).optional(),
  STRIPE_SECRET_KEY: text(),
  STRIPE_API_BASE: url('STRIPE_API_BASE'),
  SMS_PROVIDER: z.enum(['log', 'twilio', 'unifonic']).optional(),
  TWILIO_ACCOUNT_SID: text(),
  TWILIO_AUTH_TOKEN: text(),
  TWILIO_FROM: text(),
  TWILIO_API_BASE: url('TWILIO_API_BASE').default('https://api.twilio.com'),
  UNIFONIC_APP_SID: text(),
  UNIFONIC_SENDER_ID: text(),
  UNIFONIC_API_BASE: url('UNIFONIC_API_BASE').default('https://el.cloud.unifonic.com'),
  QR_SIGNING_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
  QR_SIGNING_KEY_PREVIOUS: z.string().min(32, 'must have at least 32 characters').optional(),
  OPERATOR_SECRET_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
  OPERATOR_SECRET_KEY_PREVIOUS: z.string().min(32, 'must have at least 32 characters').optional(),
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key, as `npx web-push generate-vapid-keys` prints'),
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key, as `npx web-push generate-vapid-keys` prints'),
  PUSH_SUBJECT: text(),
  PUSH_ALLOW_HTTP: flag(),
  METRICS_TOKEN: text(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535, 'must be a port number').optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  SESSION_DAYS: z.coerce.number().int().min(1, 'must be a whole number of at least 1').default(30),
  SESSION_IDLE_HOURS: z.coerce.number().int().min(1, 'must be a whole number of at least 1').default(168),
  SESSION_IDLE_HOURS_STAFF: z.coerce.number().int().min(1, 'must be a whole number of at least 1').default(12),
  VITALS_SAMPLE_RATE: z.coerce.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').default(1),
  /** How often the accept-in-time sweep runs (ms); 0 turns it off on this process. */
  ACCEPT_SWEEP_MS: z.coerce.number().int().min(0, 'must be a whole number of at least 0').default(30_000),
  FEED_MAX_STREAMS: z.coerce.number().int().min(1, 'must be a whole number of at least 1').default(2000),
  REDIS_URL: text(),
  REDIS_PREFIX: z.string().default('loyalty:'),
  S3_BUCKET: text(),
  S3_ENDPOINT: text(),
  S3_REGION: text(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_FORCE_PATH_STYLE: flag(),
});
export type Env = z.infer<typeof ENV>;
