/**
 * The composition root (docs/architecture.md): builds the repositories once, hands each service the
 * repositories and settings it needs, and wires services that use each other. The HTTP server
 * (app.ts) and the operator's command line (cli/admin.ts) are both built from it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from './db/dialect';
import type { Deps } from './deps';
import { HASHING, type HashCost, type HashingLimits, passwordHasher } from './lib/password';
import { LOGIN_LIMITS, signInLimiter, type ThrottleStore } from './lib/rate-limit';
import { activityService } from './modules/activity/activity.service';
import { authService } from './modules/auth/auth.service';
import { outboxSmsSender, type SmsSender } from './modules/auth/sms';
import { branchesService } from './modules/branches/branches.service';
import { cardsService } from './modules/cards/cards.service';
import { customerService } from './modules/customer/customer.service';
import { customerRequestsService } from './modules/customer-requests/customer-requests.service';
import { exportsService } from './modules/exports/exports.service';
import { idempotencyService } from './modules/idempotency/idempotency.service';
import { localStorage, type ObjectStorage } from './modules/images/storage';
import { offerRequestsService } from './modules/offer-requests/offer-requests.service';
import { offersService } from './modules/offers/offers.service';
import { operatorService } from './modules/operator/operator.service';
import { packagesService } from './modules/packages/packages.service';
import type { PaymentGateway } from './modules/payments/payments';
import { testGateway } from './modules/payments/test-gateway';
import { customerOrdersService } from './modules/product-requests/customer-orders.service';
import { deliveriesService } from './modules/product-requests/deliveries.service';
import { productRequestsService } from './modules/product-requests/product-requests.service';
import { productsService } from './modules/products/products.service';
import { profileService } from './modules/profile/profile.service';
import { type PushOptions, pushService } from './modules/push/push.service';
import { qrService } from './modules/qr/qr.service';
import { redeemsService } from './modules/redeems/redeems.service';
import { reportsService } from './modules/reports/reports.service';
import { secretsService } from './modules/secrets/secrets.service';
import { settlementsService } from './modules/settlements/settlements.service';
import { staffService } from './modules/staff/staff.service';
import { tagsService } from './modules/tags/tags.service';
import { type TicketHooks, ticketsService } from './modules/tickets/tickets.service';
import { createStore } from './repositories';

export interface ComposeOptions {
  database: DbHandle;
  dataDir: string;
  uploadsDir: string;
  /** The uploads folder when absent. */
  storage?: ObjectStorage;
  log: FastifyBaseLogger;
  sms?: SmsSender;
  hashCost: HashCost;
  /** How many password hashes run at once and wait in line (default HASHING). */
  hashing?: HashingLimits;
  sessionTtlMs: number;
  /** Sign-in delays and per-address limits (default LOGIN_LIMITS). */
  loginLimits?: Deps['loginLimits'];
  /** Where the limits are counted: Redis when REDIS_URL is set, else the database (auth_throttles). */
  throttleStore?: ThrottleStore;
  payments?: PaymentGateway;
  /** Web Push settings (docs/architecture.md, "Push notifications"). */
  push?: PushOptions;
  /** Hooks of the tickets service (a ticket reply's push notification). */
  ticketHooks?: TicketHooks;
}

export function compose(opts: ComposeOptions) {
  const store = createStore(opts.database.db, opts.database.kind, opts.database.pgSchema);
  const loginLimits = opts.loginLimits ?? LOGIN_LIMITS;
  const deps: Deps = {
    store,
    kind: opts.database.kind,
    log: opts.log,
    sms: opts.sms ?? outboxSmsSender(store.sms, opts.log),
    hashCost: opts.hashCost,
    dataDir: opts.dataDir,
    uploadsDir: opts.uploadsDir,
    storage: opts.storage ?? localStorage(opts.uploadsDir),
    sessionTtlMs: opts.sessionTtlMs,
    loginLimits,
    passwords: passwordHasher(opts.hashCost, opts.hashing ?? HASHING),
    signInLimiter: signInLimiter(opts.throttleStore ?? store.throttle, loginLimits),
    payments: opts.payments ?? testGateway(),
  };
  const secrets = secretsService(store.secrets);
  const push = pushService(deps, secrets, opts.push);
  const tags = tagsService(deps);
  const productRequests = productRequestsService(deps, push);
  const cards = cardsService(deps);
  // an operator's reply reaches the merchant's devices, the reply itself as the body
  const tickets = ticketsService(
    deps,
    opts.ticketHooks ?? {
      onOperatorReply: (merchantId, ticketId, message) =>
        push.notifyMerchant(merchantId, {
          title: 'pushTicketReplyTitle',
          body: message.length > 120 ? `${message.slice(0, 119)}…` : message,
          data: { id: ticketId, type: 'ticket' },
        }),
    },
  );
  const services = {
    auth: authService(deps, push),
    profile: profileService(deps, productRequests),
    customers: customerService(deps),
    staff: staffService(deps, productRequests),
    branches: branchesService(deps),
    tags,
    offers: offersService(deps, tags),
    products: productsService(deps, tags),
    offerRequests: offerRequestsService(deps, push),
    redeems: redeemsService(deps, push),
    browse: customerRequestsService(deps),
    operator: operatorService(deps, tickets),
    productRequests,
    deliveries: deliveriesService(deps),
    customerOrders: customerOrdersService(deps, productRequests, push),
    cards,
    packages: packagesService(deps, cards),
    settlements: settlementsService(deps),
    reports: reportsService(deps),
    secrets,
    push,
    activity: activityService(deps),
    tickets,
    qr: qrService(deps, secrets),
    exports: exportsService(deps),
    idempotency: idempotencyService(deps),
  };
  return { deps, services };
}

export type Services = ReturnType<typeof compose>['services'];
