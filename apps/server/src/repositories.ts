/**
 * The composition root's repositories: built once over the database and handed to every service
 * (docs/architecture.md). `transaction` runs a function with the same repositories bound to one
 * transaction, so a service owns its transactions without speaking SQL.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { authRepository } from './modules/auth/auth.repository';
import { smsRepository } from './modules/auth/sms';
import { throttleRepository } from './modules/auth/throttle.repository';
import { branchesRepository } from './modules/branches/branches.repository';
import { cardsRepository } from './modules/cards/cards.repository';
import { customerRepository } from './modules/customer/customer.repository';
import { customerRequestsRepository } from './modules/customer-requests/customer-requests.repository';
import { demoRepository } from './modules/demo/demo.repository';
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
import { qrRepository } from './modules/qr/qr.repository';
import { redeemsRepository } from './modules/redeems/redeems.repository';
import { reportsRepository } from './modules/reports/reports.repository';
import { secretsRepository } from './modules/secrets/secrets.repository';
import { settlementsRepository } from './modules/settlements/settlements.repository';
import { staffRepository } from './modules/staff/staff.repository';
import { tagsRepository } from './modules/tags/tags.repository';

export const buildRepositories = (db: Kysely<Database>) => ({
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
  qr: qrRepository(db),
  exports: exportsRepository(db),
  idempotency: idempotencyRepository(db),
});

export type Repos = ReturnType<typeof buildRepositories>;

export interface Store extends Repos {
  /** Runs `fn` in one transaction, with every repository bound to it; a throw rolls it back. */
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
}

export function createStore(db: Kysely<Database>): Store {
  return {
    ...buildRepositories(db),
    transaction: (fn) => db.transaction().execute((trx) => fn(buildRepositories(trx))),
  };
}
