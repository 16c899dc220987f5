/**
 * The composition root's repositories: built once over the database and handed to every service
 * (docs/architecture.md). `transaction` runs a function with the same repositories bound to one
 * transaction, so a service owns its transactions without speaking SQL.
 */
import type { Kysely } from 'kysely';
import type { DialectKind } from './db/dialect';
import type { Database } from './db/schema';
import { activityRepository } from './modules/activity/activity.repository';
import { authRepository } from './modules/auth/auth.repository';
import { smsRepository } from './modules/auth/sms';
import { throttleRepository } from './modules/auth/throttle.repository';
import { branchesRepository } from './modules/branches/branches.repository';
import { cardsRepository } from './modules/cards/cards.repository';
import { customerRepository } from './modules/customer/customer.repository';
import { customerRequestsRepository } from './modules/customer-requests/customer-requests.repository';
import { demoRepository } from './modules/demo/demo.repository';
import { eventsRepository, feedChannel } from './modules/events/events.repository';
import { exportsRepository } from './modules/exports/exports.repository';
import { idempotencyRepository } from './modules/idempotency/idempotency.repository';
import { ledgerRepository } from './modules/ledger/ledger.repository';
import { offerRequestsRepository } from './modules/offer-requests/offer-requests.repository';
import { offersRepository } from './modules/offers/offers.repository';
import { operatorRepository } from './modules/operator/operator.repository';
import { packagesRepository } from './modules/packages/packages.repository';
import { productRequestsRepository } from './modules/product-requests/product-requests.repository';
import { productsRepository } from './modules/products/products.repository';
import { profileRepository } from './modules/profile/profile.repository';
import { pushRepository } from './modules/push/push.repository';
import { qrRepository } from './modules/qr/qr.repository';
import { redeemsRepository } from './modules/redeems/redeems.repository';
import { reportsRepository } from './modules/reports/reports.repository';
import { secretsRepository } from './modules/secrets/secrets.repository';
import { settlementsRepository } from './modules/settlements/settlements.repository';
import { staffRepository } from './modules/staff/staff.repository';
import { tagsRepository } from './modules/tags/tags.repository';
import { ticketsRepository } from './modules/tickets/tickets.repository';

/** What the live feed's events repository tells the store (docs/architecture.md "Live feed"). */
export interface WriteHooks {
  /** An event row was written (inside a transaction: wake the feed once it commits). */
  written: () => void;
  /** PostgreSQL: the channel to NOTIFY every server process on (null on SQLite). */
  channel: string | null;
}
const NO_HOOKS: WriteHooks = { written: () => {}, channel: null };

export const buildRepositories = (db: Kysely<Database>, hooks: WriteHooks = NO_HOOKS) => ({
  accounts: authRepository(db),
  sms: smsRepository(db),
  throttle: throttleRepository(db),
  branches: branchesRepository(db),
  customers: customerRepository(db),
  browse: customerRequestsRepository(db),
  demo: demoRepository(db),
  ledger: ledgerRepository(db),
  offerRequests: offerRequestsRepository(db),
  offers: offersRepository(db),
  operator: operatorRepository(db),
  products: productsRepository(db),
  productRequests: productRequestsRepository(db),
  profile: profileRepository(db),
  redeems: redeemsRepository(db),
  staff: staffRepository(db),
  tags: tagsRepository(db),
  cards: cardsRepository(db),
  packages: packagesRepository(db),
  settlements: settlementsRepository(db),
  reports: reportsRepository(db),
  secrets: secretsRepository(db),
  activity: activityRepository(db),
  events: eventsRepository(db, hooks.written, hooks.channel),
  push: pushRepository(db),
  tickets: ticketsRepository(db),
  qr: qrRepository(db),
  exports: exportsRepository(db),
  idempotency: idempotencyRepository(db),
});

export type Repos = ReturnType<typeof buildRepositories>;

export interface Store extends Repos {
  /** Runs `fn` in one transaction, with every repository bound to it; a throw rolls it back. */
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
  /** Calls `listener` after feed events were committed by this process; returns the unsubscribe. */
  onEvents(listener: () => void): () => void;
}

export function createStore(db: Kysely<Database>, kind: DialectKind = 'sqlite', pgSchema?: string): Store {
  const listeners = new Set<() => void>();
  const fire = () => {
    for (const l of listeners) l();
  };
  const channel = kind === 'postgres' ? feedChannel(pgSchema) : null;
  return {
    ...buildRepositories(db, { written: fire, channel }),
    async transaction(fn) {
      let wrote = false;
      const hooks: WriteHooks = {
        written: () => {
          wrote = true;
        },
        channel,
      };
      const result = await db.transaction().execute((trx) => fn(buildRepositories(trx, hooks)));
      if (wrote) fire();
      return result;
    },
    onEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
