/**
 * The composition root's repositories: built once over the database and handed to every service
 * (docs/architecture.md). `transaction` runs a function with the same repositories bound to one
 * transaction, so a service owns its transactions without speaking SQL.
 */
import type { Kysely } from 'kysely';
import { demoRepository } from '../cli/demo/demo.repository';
import type { DialectKind } from '../db/dialect';
import type { Database } from '../db/schema';
import { activityRepository } from '../modules/activity/activity.repository';
import { authRepository } from '../modules/auth/auth.repository';
import { throttleRepository } from '../modules/auth/throttle.repository';
import { branchesRepository } from '../modules/branches/branches.repository';
import { cardsRepository } from '../modules/cards/cards.repository';
import { customerRepository } from '../modules/customer/customer.repository';
import { customerRequestsRepository } from '../modules/customer-requests/customer-requests.repository';
import { exportsRepository } from '../modules/exports/exports.repository';
import { offerRequestsRepository } from '../modules/offer-requests/offer-requests.repository';
import { offersRepository } from '../modules/offers/offers.repository';
import { operatorRepository } from '../modules/operator/operator.repository';
import { operatorAccountsRepository } from '../modules/operator/operator-accounts.repository';
import { operatorConsoleRepository } from '../modules/operator/operator-console.repository';
import { packagesRepository } from '../modules/packages/packages.repository';
import { permissionsRepository } from '../modules/permissions/permissions.repository';
import { productRequestsRepository } from '../modules/product-requests/product-requests.repository';
import { productsRepository } from '../modules/products/products.repository';
import { profileRepository } from '../modules/profile/profile.repository';
import { pushRepository } from '../modules/push/push.repository';
import { qrRepository } from '../modules/qr/qr.repository';
import { redeemsRepository } from '../modules/redeems/redeems.repository';
import { reportsRepository } from '../modules/reports/reports.repository';
import { settlementsRepository } from '../modules/settlements/settlements.repository';
import { smsRepository } from '../modules/sms/sms.repository';
import { staffRepository } from '../modules/staff/staff.repository';
import { tagsRepository } from '../modules/tags/tags.repository';
import { ticketsRepository } from '../modules/tickets/tickets.repository';
import { eventsRepository, feedChannel } from '../platform/events/events.repository';
import { idempotencyRepository } from '../platform/idempotency/idempotency.repository';
import { ledgerRepository } from '../platform/ledger/ledger.repository';
import { secretsRepository } from '../platform/secrets/secrets.repository';
import { journalRepository } from './journal';
import { merchantHomeRepository } from './merchant-home';
import { offerApprovalRepository } from './offer-approval';

/** What the live feed's events repository tells the store (docs/architecture.md "Live feed"). */
export interface WriteHooks {
  /** An event row was written (inside a transaction: wake the feed once it commits). */
  written: () => void;
}
const NO_HOOKS: WriteHooks = { written: () => {} };

/** Every repository's factory over a database or a transaction. */
const FACTORIES = {
  accounts: authRepository,
  sms: smsRepository,
  throttle: throttleRepository,
  branches: branchesRepository,
  customers: customerRepository,
  browse: customerRequestsRepository,
  demo: demoRepository,
  ledger: ledgerRepository,
  offerRequests: offerRequestsRepository,
  offerApproval: (db: Kysely<Database>, hooks: WriteHooks) => offerApprovalRepository(db, hooks.written),
  offers: offersRepository,
  operator: operatorRepository,
  operatorAccounts: operatorAccountsRepository,
  operatorConsole: operatorConsoleRepository,
  products: productsRepository,
  productRequests: productRequestsRepository,
  profile: profileRepository,
  merchantHome: merchantHomeRepository,
  redeems: redeemsRepository,
  staff: staffRepository,
  permissions: permissionsRepository,
  tags: tagsRepository,
  cards: cardsRepository,
  packages: packagesRepository,
  settlements: settlementsRepository,
  reports: reportsRepository,
  secrets: secretsRepository,
  activity: activityRepository,
  events: (db: Kysely<Database>, hooks: WriteHooks) => eventsRepository(db, hooks.written),
  journal: (db: Kysely<Database>, hooks: WriteHooks) => journalRepository(db, hooks.written),
  push: pushRepository,
  tickets: ticketsRepository,
  qr: qrRepository,
  exports: exportsRepository,
  idempotency: idempotencyRepository,
};

export type Repos = { [K in keyof typeof FACTORIES]: ReturnType<(typeof FACTORIES)[K]> };

/**
 * The repositories over `db`. Each is built when first used: a transaction uses a few of them, and
 * building all of them for each one was a measurable part of an approval (bench/README.md).
 */
export function buildRepositories(db: Kysely<Database>, hooks: WriteHooks = NO_HOOKS): Repos {
  const repos = {} as Repos;
  for (const key of Object.keys(FACTORIES) as (keyof Repos)[])
    Object.defineProperty(repos, key, {
      enumerable: true,
      configurable: true,
      get() {
        const repo = (FACTORIES[key] as (db: Kysely<Database>, hooks: WriteHooks) => unknown)(db, hooks);
        Object.defineProperty(repos, key, { value: repo, enumerable: true });
        return repo;
      },
    });
  return repos;
}

export interface Store extends Repos {
  /** Runs `fn` in one transaction, with every repository bound to it; a throw rolls it back. */
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
  /** Calls `listener` after feed events were committed by this process; returns the unsubscribe. */
  onEvents(listener: () => void): () => void;
}

export function createStore(db: Kysely<Database>, kind: DialectKind = 'sqlite', pgSchema?: string): Store {
  const listeners = new Set<() => void>();
  const channel = kind === 'postgres' ? feedChannel(pgSchema) : null;
  const root = buildRepositories(db, { written: () => committed() });
  // PostgreSQL: one NOTIFY at a time to the other server processes, and one more if events were
  // written meanwhile; a failed one is covered by their safety poll (platform/events/feed.ts)
  let notifying = false;
  let again = false;
  const notifyOthers = () => {
    if (!channel) return;
    if (notifying) {
      again = true;
      return;
    }
    notifying = true;
    again = false;
    root.events
      .notify(channel)
      .catch(() => undefined)
      .finally(() => {
        notifying = false;
        if (again) notifyOthers();
      });
  };
  /** Events were committed by this process: wake its feed and the others'. */
  function committed() {
    for (const l of listeners) l();
    notifyOthers();
  }
  return {
    ...root,
    async transaction(fn) {
      let wrote = false;
      const hooks: WriteHooks = {
        written: () => {
          wrote = true;
        },
      };
      const result = await db.transaction().execute((trx) => fn(buildRepositories(trx, hooks)));
      if (wrote) committed();
      return result;
    },
    onEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
