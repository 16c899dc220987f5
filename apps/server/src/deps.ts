import type { FastifyBaseLogger } from 'fastify';
import type { DialectKind } from './db/dialect';
import type { HashCost, Passwords } from './lib/password';
import type { LoginLimits, SignInLimiter } from './lib/rate-limit';
import type { SmsSender } from './modules/auth/sms';
import type { ObjectStorage } from './modules/images/storage';
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
  /** Where uploaded images are kept (the uploads folder, or an S3 bucket). */
  storage: ObjectStorage;
  sessionTtlMs: number;
  loginLimits: LoginLimits;
  /** Password hashing and checking, bounded for the whole process (docs/security.md). */
  passwords: Passwords;
  /** Sign-in delays and per-address limits, counted in the database. */
  signInLimiter: SignInLimiter;
  /** Saves and charges cards (the built-in test gateway unless Stripe is configured). */
  payments: PaymentGateway;
}
