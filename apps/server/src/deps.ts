import type { FastifyBaseLogger } from 'fastify';
import type { DialectKind } from './db/dialect';
import type { HashCost } from './lib/password';
import type { SmsSender } from './modules/auth/sms';
import type { PaymentGateway } from './modules/payments/payments';
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
  /** Saves and charges cards (the built-in test gateway unless Stripe is configured). */
  payments: PaymentGateway;
}
