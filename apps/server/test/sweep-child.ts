/**
 * Another server process for the accept-in-time race tests: opens the test's database (DATA_DIR,
 * DATABASE_URL, DATABASE_SCHEMA), builds the app without listening, prints `ready`, waits for a line
 * on stdin, runs one sweep at the clock NOW and prints its result as JSON.
 */
import { clock } from '@loyalty/contract';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/dialect';

const e = process.env;
clock.set(() => new Date(e.NOW ?? ''));
const database = openDatabase({
  databaseUrl: e.DATABASE_URL || undefined,
  dataDir: e.DATA_DIR ?? '',
  pgSchema: e.DATABASE_SCHEMA || undefined,
});
const { app, services } = await buildApp({ database, dataDir: e.DATA_DIR ?? '', feed: { pollMs: 600_000 } });
process.stdout.write('ready\n');
process.stdin.once('data', async () => {
  const result = await services.acceptInTime.sweep();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await app.close();
  await database.close();
  process.exit(0);
});
