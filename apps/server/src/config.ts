/**
 * Every setting the server reads, declared once as a zod schema of the environment (docs/deploy.md,
 * "Settings", lists each with its default). `loadConfig` checks them all at start and reports every
 * problem in one message; with NODE_ENV=production it also refuses to start without a payment
 * gateway (STRIPE_SECRET_KEY, or PAYMENTS=test by name) and an SMS provider (SMS_PROVIDER).
 *
 * To add a setting: one entry in ENV (config-env.ts: its parser, default and one line of
 * description), one field of Config filled in `toConfig`, and one line in docs/deploy.md (a test
 * checks that every name in ENV is documented there).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV, type Env } from './config-env';
import type { S3Settings } from './platform/images/storage';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

export { ENV, type Env } from './config-env';

export type SmsSettings =
  | { provider: 'log' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string }
  | { provider: 'unifonic'; appSid: string; senderId?: string; apiBase: string };

export interface Config {
  /** NODE_ENV=production: the start checks apply. */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of the connection's default (DATABASE_SCHEMA). */
  databaseSchema?: string;
  /** SQL_TRACE_FILE: every statement with its values appended here (npm run bench's overhead ratio; never in production). */
  sqlTraceFile?: string;
  webDist: string;
  logLevel: string;
  /** Tile URL template for maps, handed to the web app. */
  mapTileUrl: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login limits use it). */
  trustProxy: boolean;
  /** Served over HTTPS: send Strict-Transport-Security (HSTS=1). Off by default: locally it is plain http. */
  hsts: boolean;
  /** The operator's support contact, shown by the web app (activate-account screen and the like). */
  support: { email?: string; phone?: string };
  /** The payment gateway: Stripe (STRIPE_SECRET_KEY), or the built-in test gateway (PAYMENTS=test). */
  payments: 'stripe' | 'test';
  stripeSecretKey?: string;
  /** Stripe's API address (tests point it at a local fake); default Stripe's own. */
  stripeApiBase?: string;
  /** Who sends text messages: the log (development), Twilio or Unifonic. */
  sms: SmsSettings;
  /** QR signing keys from the environment; without them the keys live in the database (rotatable there). */
  qr: { signingKey?: string; previousSigningKey?: string };
  /**
   * The key that seals the operators' TOTP secrets (OPERATOR_SECRET_KEY) and the one before it
   * (…_PREVIOUS, still opening); without them a key kept in the database (which a leak of it exposes).
   */
  operatorSecretKeys: { current?: string; previous?: string };
  /** The VAPID key pair from the environment; without it the pair is generated in the database. */
  vapid?: { publicKey: string; privateKey: string };
  /**
   * Web Push: the VAPID contact (PUSH_SUBJECT, a mailto: or https: address); PUSH_ALLOW_HTTP=1 accepts
   * plain-http push endpoints, for the browser tests' loopback push service only.
   */
  push: { subject?: string; allowHttpEndpoints: boolean };
  /** Bearer token that opens /metrics (METRICS_TOKEN): on the main port nothing else does. */
  metricsToken?: string;
  /**
   * /metrics on a listener of its own (METRICS_PORT, on METRICS_HOST, default 127.0.0.1), where a
   * request made straight to it needs no token (one relayed by a proxy still does).
   */
  metricsListener?: { host: string; port: number };
  /**
   * Sessions (docs/security.md, "Tokens"): absolute lifetime (SESSION_DAYS, 30) and idle times after
   * which an unused session ends (SESSION_IDLE_HOURS, 168, for merchants and customers;
   * SESSION_IDLE_HOURS_STAFF, 12, for staff and couriers).
   */
  sessions: { ttlMs: number; idle: { ownerMs: number; staffMs: number } };
  /** Open live-feed streams one server process serves at most (FEED_MAX_STREAMS, 2000). */
  feedMaxStreams: number;
  /** The accept-in-time sweep's interval (ACCEPT_SWEEP_MS, 30 s; 0: off). */
  acceptSweepMs: number;
  /** Uploaded images in an S3-compatible bucket (S3_BUCKET and the S3_* settings), else DATA_DIR/uploads. */
  s3?: S3Settings;
  /** Sign-in limits in Redis (REDIS_URL, keys under REDIS_PREFIX) instead of the database. */
  redis?: { url: string; keyPrefix: string };
  /** The share of page views whose web vitals the web app reports (VITALS_SAMPLE_RATE, 0–1, default 1). */
  vitalsSampleRate: number;
}

/** What the web app reads at GET /api/config: no secrets, only what a visitor may see. */
export type PublicConfig = {
  mapTileUrl: string;
  /** Keys are absent when the operator did not set them. */
  support: { email?: string; phone?: string };
  /** The share of page views that report their web vitals (POST /api/vitals). */
  vitalsSampleRate: number;
};

/** The settings are wrong or missing: one line per problem, each naming its setting. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    heading = "The server's settings are not usable",
  ) {
    super(`${heading} (docs/deploy.md, "Settings"):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings whose values never appear in a message. */
const SECRET = new Set([
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'TWILIO_AUTH_TOKEN',
  'UNIFONIC_APP_SID',
  'QR_SIGNING_KEY',
  'QR_SIGNING_KEY_PREVIOUS',
  'OPERATOR_SECRET_KEY',
  'OPERATOR_SECRET_KEY_PREVIOUS',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
  'REDIS_URL',
  'S3_SECRET_ACCESS_KEY',
]);

/** Missing settings that a production server cannot do without (and the ones a provider needs). */
function missingSettings(e: Env, production: boolean): string[] {
  const out: string[] = [];
  if (production && e.SQL_TRACE_FILE)
    out.push('SQL_TRACE_FILE: unset it; it writes every statement with its values to a file, for npm run bench only');
  if (e.PAYMENTS === 'stripe' && !e.STRIPE_SECRET_KEY)
    out.push('STRIPE_SECRET_KEY: PAYMENTS=stripe needs the Stripe secret key');
  if (production && !e.PAYMENTS && !e.STRIPE_SECRET_KEY)
    out.push(
      'STRIPE_SECRET_KEY or PAYMENTS=test: no payment gateway is configured; set STRIPE_SECRET_KEY to charge cards with Stripe, or PAYMENTS=test to use the built-in test gateway, which charges nothing',
    );
  if (production && !e.SMS_PROVIDER)
    out.push(
      'SMS_PROVIDER: no SMS provider is configured; set SMS_PROVIDER=twilio or unifonic with its settings, or SMS_PROVIDER=log to only write texts to the log (nothing reaches a phone)',
    );
  if (e.SMS_PROVIDER === 'twilio')
    for (const k of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
      if (!e[k]) out.push(`${k}: SMS_PROVIDER=twilio needs it`);
  if (e.SMS_PROVIDER === 'unifonic' && !e.UNIFONIC_APP_SID)
    out.push('UNIFONIC_APP_SID: SMS_PROVIDER=unifonic needs it');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    out.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (a key pair) or neither');
  if (e.QR_SIGNING_KEY_PREVIOUS && !e.QR_SIGNING_KEY)
    out.push('QR_SIGNING_KEY: QR_SIGNING_KEY_PREVIOUS is set without a current key');
  if (e.OPERATOR_SECRET_KEY_PREVIOUS && !e.OPERATOR_SECRET_KEY)
    out.push('OPERATOR_SECRET_KEY: OPERATOR_SECRET_KEY_PREVIOUS is set without a current key');
  return out;
}

function smsOf(e: Env, production: boolean): SmsSettings {
  switch (e.SMS_PROVIDER ?? (production ? undefined : 'log')) {
    case 'twilio':
      return {
        provider: 'twilio',
        accountSid: e.TWILIO_ACCOUNT_SID ?? '',
        authToken: e.TWILIO_AUTH_TOKEN ?? '',
        from: e.TWILIO_FROM ?? '',
        apiBase: e.TWILIO_API_BASE,
      };
    case 'unifonic':
      return {
        provider: 'unifonic',
        appSid: e.UNIFONIC_APP_SID ?? '',
        ...(e.UNIFONIC_SENDER_ID && { senderId: e.UNIFONIC_SENDER_ID }),
        apiBase: e.UNIFONIC_API_BASE,
      };
    default:
      return { provider: 'log' };
  }
}

const HOUR_MS = 3600 * 1000;

function toConfig(e: Env): Config {
  const production = e.NODE_ENV === 'production';
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    sqlTraceFile: e.SQL_TRACE_FILE,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    mapTileUrl: e.MAP_TILE_URL,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS,
    support: { ...(e.SUPPORT_EMAIL && { email: e.SUPPORT_EMAIL }), ...(e.SUPPORT_PHONE && { phone: e.SUPPORT_PHONE }) },
    payments: e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test'),
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeApiBase: e.STRIPE_API_BASE,
    sms: smsOf(e, production),
    qr: { signingKey: e.QR_SIGNING_KEY, previousSigningKey: e.QR_SIGNING_KEY_PREVIOUS },
    operatorSecretKeys: { current: e.OPERATOR_SECRET_KEY, previous: e.OPERATOR_SECRET_KEY_PREVIOUS },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    push: { subject: e.PUSH_SUBJECT, allowHttpEndpoints: e.PUSH_ALLOW_HTTP },
    metricsToken: e.METRICS_TOKEN,
    metricsListener: e.METRICS_PORT !== undefined ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    sessions: {
      ttlMs: e.SESSION_DAYS * 24 * HOUR_MS,
      idle: { ownerMs: e.SESSION_IDLE_HOURS * HOUR_MS, staffMs: e.SESSION_IDLE_HOURS_STAFF * HOUR_MS },
    },
    feedMaxStreams: e.FEED_MAX_STREAMS,
    acceptSweepMs: e.ACCEPT_SWEEP_MS,
    vitalsSampleRate: e.VITALS_SAMPLE_RATE,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_PREFIX } : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}

/**
 * Reads and checks the settings; throws one ConfigError naming every setting that is wrong or
 * missing. `forServer: false` (the operator's command line) skips the production requirements of a
 * serving process (payments, SMS), not the checks of the values themselves.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { forServer?: boolean } = {}): Config {
  // blank values count as unset; only the keys we declare are read
  const picked: Record<string, string> = {};
  for (const key of Object.keys(ENV.shape)) {
    const v = env[key]?.trim();
    if (v) picked[key] = v;
  }
  const parsed = ENV.safeParse(picked);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const key = String(i.path[0]);
        return `${key}: ${i.message}${SECRET.has(key) ? '' : ` (got ${JSON.stringify(picked[key])})`}`;
      }),
    );
  const production = parsed.data.NODE_ENV === 'production' && opts.forServer !== false;
  const missing = missingSettings(parsed.data, production);
  if (missing.length)
    throw new ConfigError(
      missing,
      production ? 'NODE_ENV=production: refusing to start without these settings' : undefined,
    );
  return toConfig(parsed.data);
}

export const publicConfigOf = (config: Config): PublicConfig => ({
  mapTileUrl: config.mapTileUrl,
  support: { ...config.support },
  vitalsSampleRate: config.vitalsSampleRate,
});
