import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectKind } from './db/dialect';
import type { Database } from './db/schema';
import type { HashCost } from './lib/password';
import type { SmsSender } from './modules/auth/sms';

/** What services are built from; passed explicitly so tests can build the app on any database. */
export interface Deps {
  db: Kysely<Database>;
  kind: DialectKind;
  log: FastifyBaseLogger;
  sms: SmsSender;
  hashCost: HashCost;
  dataDir: string;
  uploadsDir: string;
  sessionTtlMs: number;
  loginLimits: { perPhone: number; perAddress: number; windowMs: number };
}
