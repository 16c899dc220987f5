import type { FastifyBaseLogger } from 'fastify';
import type { DialectKind } from './db/dialect';
import type { HashCost } from './lib/password';
import type { SmsSender } from './modules/auth/sms';
import type { Store } from './repositories';

/**
 * What services are built from, by the composition root (app.ts): the repositories (the only way
 * to the database) and the settings. Passed explicitly so tests build the app on any database.
 */
export interface Deps {
  store: Store;
  kind: DialectKind;
  log: FastifyBaseLogger;
  sms: SmsSender;
  hashCost: HashCost;
  dataDir: string;
  uploadsDir: string;
  sessionTtlMs: number;
  loginLimits: { perPhone: number; perAddress: number; windowMs: number };
}
