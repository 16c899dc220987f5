import { buildApp } from './app';
import { loadConfig, publicConfigOf } from './config';
import { openDatabase } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { stopOnSignals } from './lib/shutdown';
import { paymentGatewayFrom } from './modules/payments/payments';

const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  pgSchema: config.databaseSchema,
  dataDir: config.dataDir,
});
const applied = await migrateToLatest(database);

const { app } = await buildApp({
  database,
  dataDir: config.dataDir,
  webDist: config.webDist,
  log: { level: config.logLevel },
  metricsToken: config.metricsToken,
  s3: config.s3,
  trustProxy: config.trustProxy,
  hsts: config.hsts,
  publicConfig: publicConfigOf(config),
  payments: paymentGatewayFrom(config),
  push: config.push,
  redis: config.redis,
});
if (applied.length) app.log.info({ applied }, 'database migrated');

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
