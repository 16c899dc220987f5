import type { FastifyBaseLogger } from 'fastify';
import type { DialectKind } from '../db/dialect';
import type { HashCost, Passwords } from '../lib/password';
import type { LoginLimits, SignInLimiter } from '../lib/rate-limit';
import type { SmsSender } from '../modules/sms/sms.service';
import type { ObjectStorage } from '../platform/images/storage';
import type { PaymentGateway } from '../platform/payments/payments';
import type { Repos, Store } from '../repositories/registry';

/** Idle times: an unused session ends after this long (sliding expiry; docs/security.md, "Tokens"). */
export interface SessionIdle {
  /** Merchants and customers. */
  ownerMs: number;
  /** Staff members and couriers (shared counter devices). */
  staffMs: number;
}

/**
 * What services are built from, by the composition root (app.ts): the repositories (the only way
 * to the database) and the settings. Passed explicitly so tests build the app on any database.
 */
export interface Deps {
  store: Store;
  kind: DialectKind;
  log: FastifyBaseLogger;
  /** Queues text messages (the outbox and its provider, or the log sender). */
  sms: SmsSender;
  hashCost: HashCost;
  dataDir: string;
  uploadsDir: string;
  /** Where uploaded images are kept (the uploads folder, or an S3 bucket). */
  storage: ObjectStorage;
  /** A session's absolute lifetime. */
  sessionTtlMs: number;
  /** How long an unused session lasts (sliding), by role. */
  sessionIdle: SessionIdle;
  loginLimits: LoginLimits;
  /** Password hashing and checking, bounded for the whole process (docs/security.md). */
  passwords: Passwords;
  /** Sign-in delays and per-address limits, counted in the database. */
  signInLimiter: SignInLimiter;
  /** Saves and charges cards (the built-in test gateway unless Stripe is configured). */
  payments: PaymentGateway;
}

/**
 * The repositories `K` of the store, in and out of its transactions: what a service declares it
 * touches. The composition root hands every service the one store; the type keeps each service to
 * the repositories its signature names (docs/decisions/0022).
 */
export type StoreOf<K extends keyof Repos> = Pick<Repos, K> & {
  /** Runs `fn` in one transaction, with the repositories `K` bound to it; a throw rolls it back. */
  transaction<T>(fn: (tx: Pick<Repos, K>) => Promise<T>): Promise<T>;
};

/** What a service is built from: the repositories `K` and the settings `D` of Deps. */
export type ServiceDeps<K extends keyof Repos, D extends Exclude<keyof Deps, 'store'> = never> = Pick<Deps, D> & {
  store: StoreOf<K>;
};

/**
 * A transaction a caller runs a module's write in: the module's writer passes its work (with the
 * transaction's repositories `K`), the caller opens the transaction and may write its own rows in it
 * (the operator log beside the change it records).
 */
export type InTransaction<K extends keyof Repos> = <T>(write: (tx: Pick<Repos, K>) => Promise<T>) => Promise<T>;
