import { buildApp } from './app';
import { loadConfig, publicConfigOf } from './config';
import { openDatabase } from './db/dialect';
import { migrateToLatest } from './db/migrate';

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
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  },
  trustProxy: config.trustProxy,
  hsts: config.hsts,
  publicConfig: publicConfigOf(config),
});
if (applied.length) app.log.info({ applied }, 'database migrated');

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `serving on http://localhost:${config.port} (${database.kind === 'sqlite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
