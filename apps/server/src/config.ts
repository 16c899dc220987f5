import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from './modules/images/storage';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of the connection's default (DATABASE_SCHEMA). */
  databaseSchema?: string;
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
  /** Stripe's secret key: when set, cards are saved and charged with Stripe, else with the built-in test gateway. */
  stripeSecretKey?: string;
  /** Stripe's API address (tests point it at a local fake); default Stripe's own. */
  stripeApiBase?: string;
  /**
   * Web Push: the VAPID contact (PUSH_SUBJECT, a mailto: or https: address); PUSH_ALLOW_HTTP=1 accepts
   * plain-http push endpoints, for the browser tests' loopback push service only.
   */
  push: { subject?: string; allowHttpEndpoints: boolean };
  /** Bearer token that opens /metrics from other machines (METRICS_TOKEN); without it, loopback only. */
  metricsToken?: string;
  /** Uploaded images in an S3-compatible bucket (S3_BUCKET and the S3_* settings), else DATA_DIR/uploads. */
  s3?: S3Settings;
  /** Sign-in limits in Redis (REDIS_URL, keys under REDIS_PREFIX) instead of the database. */
  redis?: { url: string; keyPrefix: string };
}

/** What the web app reads at GET /api/config: no secrets, only what a visitor may see. */
export type PublicConfig = {
  mapTileUrl: string;
  /** Keys are absent when the operator did not set them. */
  support: { email?: string; phone?: string };
};

const isOn = (v: string | undefined): boolean => v === '1' || v === 'true';
/** `{ [key]: value }` for a non-blank value, `{}` otherwise (so unset keys stay absent). */
const optional = <K extends string>(key: K, v: string | undefined): { [P in K]?: string } => {
  const value = v?.trim();
  return (value ? { [key]: value } : {}) as { [P in K]?: string };
};

/** A plain SQL identifier: it goes into the connection's search_path. */
const schemaName = (v: string | undefined): string | undefined => {
  if (!v) return undefined;
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(v))
    throw new Error(`DATABASE_SCHEMA must be a plain schema name (letters, digits, _), got ${v}`);
  return v;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: schemaName(env.DATABASE_SCHEMA),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    trustProxy: isOn(env.TRUST_PROXY),
    hsts: isOn(env.HSTS),
    support: {
      ...optional('email', env.SUPPORT_EMAIL),
      ...optional('phone', env.SUPPORT_PHONE),
    },
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    push: { subject: env.PUSH_SUBJECT?.trim() || undefined, allowHttpEndpoints: isOn(env.PUSH_ALLOW_HTTP) },
    metricsToken: env.METRICS_TOKEN || undefined,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_PREFIX ?? 'loyalty:' } : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: isOn(env.S3_FORCE_PATH_STYLE),
        }
      : undefined,
  };
}

export const publicConfigOf = (config: Config): PublicConfig => ({
  mapTileUrl: config.mapTileUrl,
  support: { ...config.support },
});
