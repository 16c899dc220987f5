import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, publicConfigOf } from './config';
import { openDatabase } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { stopOnSignals } from './lib/shutdown';
import { smsProviderFrom } from './modules/sms/providers';
import { paymentGatewayFrom } from './platform/payments/payments';
import { startupSummary } from './startup-summary';

// every setting checked before anything starts: one message naming each problem, and exit 78
// (EX_CONFIG: a service manager should not restart a server that lacks its settings)
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(78);
}
// files this process creates (the database, uploads) are its user's only (docs/deploy.md)
process.umask(0o077);

// the first lines: what this server uses (never a secret), and a warning when it is not ready for production
const startLog = pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: true }));
const summary = startupSummary(config);
startLog.info(summary.line);
for (const w of summary.warnings) startLog.warn(w);
// `npm start` checks the settings before it builds the web app, then starts the server
if (process.argv.includes('--check-config')) process.exit(0);

const database = openDatabase({
  databaseUrl: config.databaseUrl,
  pgSchema: config.databaseSchema,
  dataDir: config.dataDir,
  traceFile: config.sqlTraceFile,
});
const applied = await migrateToLatest(database);

const { app, metricsUrl } = await buildApp({
  database,
  dataDir: config.dataDir,
  webDist: config.webDist,
  log: { level: config.logLevel },
  metricsToken: config.metricsToken,
  metricsListener: config.metricsListener,
  sessionTtlMs: config.sessions.ttlMs,
  sessionIdle: config.sessions.idle,
  feed: { maxStreams: config.feedMaxStreams },
  acceptSweepMs: config.acceptSweepMs,
  s3: config.s3,
  trustProxy: config.trustProxy,
  hsts: config.hsts,
  publicConfig: publicConfigOf(config),
  payments: paymentGatewayFrom(config),
  smsProvider: smsProviderFrom(config.sms),
  push: { ...config.push, vapid: config.vapid },
  qrKeys: { signingKey: config.qr.signingKey, previousSigningKey: config.qr.previousSigningKey },
  operatorSecretKeys: config.operatorSecretKeys,
  redis: config.redis,
});
if (applied.length) app.log.info({ applied }, 'database migrated');
if (metricsUrl) app.log.info(`metrics on ${metricsUrl}/metrics`);

// SIGTERM, SIGINT, SIGHUP: finish in-flight requests (10 s at most), close the database, exit 0
stopOnSignals({
  log: app.log,
  close: async () => {
    await app.close();
    await database.close();
  },
  forceClose: () => app.server.closeAllConnections(),
  closeIdle: () => app.server.closeIdleConnections(),
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `serving on http://localhost:${config.port} (${database.kind === 'sqlite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}${config.redis ? ', sign-in limits in Redis' : ''})`,
);
