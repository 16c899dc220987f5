/** The first line a server logs: what it uses, never a secret (docs/deploy.md, "Settings"). */
import path from 'node:path';
import type { Config } from './config';

/** A connection string without its credentials: `postgres://db.internal:5432/loyalty`. */
const withoutCredentials = (connection: string) => {
  try {
    const u = new URL(connection);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'postgres://…';
  }
};

/**
 * What this server uses, for the first lines of its log: gateway, SMS provider, database, storage,
 * limit store and where the key that seals the operators' secrets comes from. Never a secret (no
 * key, token or password, no credentials of a URL).
 */
export function startupSummary(config: Config): { line: string; warnings: string[] } {
  const gateway =
    config.payments === 'stripe'
      ? `Stripe${config.stripeApiBase ? ` at ${config.stripeApiBase}` : ''}`
      : 'the built-in test gateway (no card is charged)';
  const sms =
    config.sms.provider === 'log'
      ? 'the log sender (texts are written to this log, not sent to phones)'
      : config.sms.provider === 'twilio'
        ? `Twilio at ${config.sms.apiBase}, from ${config.sms.from}`
        : `Unifonic at ${config.sms.apiBase}${config.sms.senderId ? `, sender ${config.sms.senderId}` : ''}`;
  const database = config.databaseUrl
    ? `PostgreSQL ${withoutCredentials(config.databaseUrl)}${config.databaseSchema ? ` schema ${config.databaseSchema}` : ''}`
    : `embedded SQLite in ${config.dataDir}`;
  const storage = config.s3
    ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
    : `the folder ${path.join(config.dataDir, 'uploads')}`;
  const limits = config.redis ? `Redis ${withoutCredentials(config.redis.url)}` : 'the database';
  const operatorKey = config.operatorSecretKeys.current
    ? `the key from the environment${config.operatorSecretKeys.previous ? ' (the previous one still opens)' : ''}`
    : 'a key kept in the database (a copy of the database opens them)';
  const warnings: string[] = [];
  if (!config.production && (config.payments === 'test' || config.sms.provider === 'log'))
    warnings.push(
      'Not for production: NODE_ENV is not production, so the test gateway and the log sender are the defaults (docs/deploy.md, "Production checklist").',
    );
  if (config.production && config.payments === 'test')
    warnings.push('PAYMENTS=test in production: packages are bought with test cards and nothing is charged.');
  if (config.production && config.sms.provider === 'log')
    warnings.push('SMS_PROVIDER=log in production: reset codes and one-time passwords reach the log, not the phones.');
  return {
    line: `payments: ${gateway}; SMS: ${sms}; database: ${database}; storage: ${storage}; sign-in limits: ${limits}; operator secrets sealed with: ${operatorKey}`,
    warnings,
  };
}
