/**
 * The composition root (docs/architecture.md): builds the repositories once, hands each service the
 * repositories and settings it needs, and wires services that use each other. The HTTP server
 * (app.ts) and the operator's command line (cli/admin.ts) are both built from it.
 */
import { QR_TTL_SECONDS } from '@loyalty/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps, SessionIdle } from './core/deps';
import type { DbHandle } from './db/dialect';
import { HASHING, type HashCost, type HashingLimits, passwordHasher } from './lib/password';
import { LOGIN_LIMITS, signInLimiter, type ThrottleStore } from './lib/rate-limit';
import { activityService } from './modules/activity/activity.service';
import { authService } from './modules/auth/auth.service';
import { SESSION_IDLE } from './modules/auth/sessions';
import { branchesService } from './modules/branches/branches.service';
import { cardsService } from './modules/cards/cards.service';
import { customerService } from './modules/customer/customer.service';
import { customerRequestsService } from './modules/customer-requests/customer-requests.service';
import { exportsService } from './modules/exports/exports.service';
import { offerRequestsService } from './modules/offer-requests/offer-requests.service';
import { offersService } from './modules/offers/offers.service';
import { operatorService } from './modules/operator/operator.service';
import { operatorAccountsService } from './modules/operator/operator-accounts.service';
import { operatorConsoleService } from './modules/operator/operator-console.service';
import { packagesService } from './modules/packages/packages.service';
import { permissionsService } from './modules/permissions/permissions.service';
import { acceptInTimeService } from './modules/product-requests/accept-in-time.service';
import { customerOrdersService } from './modules/product-requests/customer-orders.service';
import { deliveriesService } from './modules/product-requests/deliveries.service';
import { productRequestsService } from './modules/product-requests/product-requests.service';
import { trackingService } from './modules/product-requests/tracking.service';
import { productsService } from './modules/products/products.service';
import { profileService } from './modules/profile/profile.service';
import { type PushOptions, pushService } from './modules/push/push.service';
import { qrService } from './modules/qr/qr.service';
import { redeemsService } from './modules/redeems/redeems.service';
import { reportsService } from './modules/reports/reports.service';
import { settlementsService } from './modules/settlements/settlements.service';
import { logSmsSender, type OutboxOptions, type SmsSender, smsOutbox } from './modules/sms/sms.service';
import type { SmsProvider } from './modules/sms/sms-provider';
import { staffService } from './modules/staff/staff.service';
import { tagsService } from './modules/tags/tags.service';
import { type TicketHooks, ticketsService } from './modules/tickets/tickets.service';
import { idempotencyService } from './platform/idempotency/idempotency.service';
import { localStorage, type ObjectStorage } from './platform/images/storage';
import type { PaymentGateway } from './platform/payments/payments';
import { testGateway } from './platform/payments/test-gateway';
import { newSealingSecret, sealer } from './platform/secrets/sealing';
import { secretsService } from './platform/secrets/secrets.service';
import { signingKeys } from './platform/secrets/signing-keys';
import { createStore } from './repositories/registry';

/** The app_secrets name of the QR key of the first code format (before migration 0021). */
const LEGACY_QR_SECRET = 'qr-hmac';
/** The app_secrets name of the key that seals the operators' TOTP secrets without OPERATOR_SECRET_KEY. */
const OPERATOR_SEALING_SECRET = 'operator.totp-seal';

export interface QrKeySettings {
  signingKey?: string;
  previousSigningKey?: string;
  /** How long a process keeps the database's keys (30 s). */
  cacheMs?: number;
}

export interface ComposeOptions {
  database: DbHandle;
  dataDir: string;
  uploadsDir: string;
  /** The uploads folder when absent. */
  storage?: ObjectStorage;
  log: FastifyBaseLogger;
  /** Replaces the SMS sender (tests collect texts in memory). */
  sms?: SmsSender;
  /** Who delivers the outbox's texts (Twilio, Unifonic); without one, texts go to the log (SMS_PROVIDER=log). */
  smsProvider?: SmsProvider;
  outbox?: OutboxOptions;
  hashCost: HashCost;
  /** How many password hashes run at once and wait in line (default HASHING). */
  hashing?: HashingLimits;
  sessionTtlMs: number;
  /** Idle times of sessions (default SESSION_IDLE). */
  sessionIdle?: SessionIdle;
  /** Sign-in delays and per-address limits (default LOGIN_LIMITS). */
  loginLimits?: Deps['loginLimits'];
  /** Where the limits are counted: Redis when REDIS_URL is set, else the database (auth_throttles). */
  throttleStore?: ThrottleStore;
  payments?: PaymentGateway;
  /** Web Push settings (docs/architecture.md, "Push notifications"). */
  push?: PushOptions;
  /** QR signing keys from the environment (else rotatable keys in the database) and how long keys are cached. */
  qrKeys?: QrKeySettings;
  /** OPERATOR_SECRET_KEY and …_PREVIOUS: seal the operators' TOTP secrets (else a key kept in the database). */
  operatorSecretKeys?: { current?: string; previous?: string };
  /** Hooks of the tickets service (a ticket reply's push notification). */
  ticketHooks?: TicketHooks;
}

export function compose(opts: ComposeOptions) {
  const store = createStore(opts.database.db, opts.database.kind, opts.database.pgSchema);
  const loginLimits = opts.loginLimits ?? LOGIN_LIMITS;
  const outbox =
    opts.smsProvider && !opts.sms ? smsOutbox({ store, log: opts.log }, opts.smsProvider, opts.outbox) : undefined;
  const deps: Deps = {
    store,
    kind: opts.database.kind,
    log: opts.log,
    sms: opts.sms ?? outbox?.sender ?? logSmsSender({ store, log: opts.log }),
    hashCost: opts.hashCost,
    dataDir: opts.dataDir,
    uploadsDir: opts.uploadsDir,
    storage: opts.storage ?? localStorage(opts.uploadsDir),
    sessionTtlMs: opts.sessionTtlMs,
    sessionIdle: opts.sessionIdle ?? SESSION_IDLE,
    loginLimits,
    passwords: passwordHasher(opts.hashCost, opts.hashing ?? HASHING),
    signInLimiter: signInLimiter(opts.throttleStore ?? store.throttle, loginLimits),
    payments: opts.payments ?? testGateway(),
  };
  const secrets = secretsService(store.secrets);
  const qrKeys = signingKeys(store.secrets, {
    purpose: 'qr',
    env: { current: opts.qrKeys?.signingKey, previous: opts.qrKeys?.previousSigningKey },
    // the key the server had before keys had ids (app_secrets, never created any more)
    legacy: () => store.secrets.find(LEGACY_QR_SECRET),
    lifetimeMs: QR_TTL_SECONDS * 1000,
    cacheMs: opts.qrKeys?.cacheMs,
  });
  const operatorSealer = sealer({
    env: opts.operatorSecretKeys,
    database: (create) =>
      create
        ? secrets.getOrCreate(OPERATOR_SEALING_SECRET, newSealingSecret)
        : store.secrets.find(OPERATOR_SEALING_SECRET),
  });
  const push = pushService(deps, secrets, opts.push);
  const tags = tagsService(deps);
  const auth = authService(deps, push);
  const permissions = permissionsService(deps, auth.confirmPassword);
  const productRequests = productRequestsService(deps, push, permissions);
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
  const settlements = settlementsService(deps);
  const services = {
    permissions,
    auth,
    profile: profileService(deps, productRequests, auth, permissions),
    customers: customerService(deps, auth),
    staff: staffService(deps, productRequests, permissions),
    branches: branchesService(deps),
    tags,
    offers: offersService(deps, tags),
    products: productsService(deps, tags),
    offerRequests: offerRequestsService(deps, push),
    redeems: redeemsService(deps, push, permissions),
    browse: customerRequestsService(deps),
    operator: operatorService(deps, { settlements, tags, tickets, qrKeys }),
    operatorAccounts: operatorAccountsService(deps, operatorSealer),
    operatorConsole: operatorConsoleService(deps, { tickets }),
    productRequests,
    deliveries: deliveriesService(deps),
    customerOrders: customerOrdersService(deps, productRequests, push),
    acceptInTime: acceptInTimeService(deps, push),
    tracking: trackingService(deps),
    cards,
    packages: packagesService(deps, cards),
    settlements,
    reports: reportsService(deps),
    secrets,
    push,
    activity: activityService(deps),
    tickets,
    qr: qrService(deps, qrKeys),
    qrKeys,
    exports: exportsService(deps),
    idempotency: idempotencyService(deps),
    /** The SMS outbox's worker, when a provider sends texts (app.ts starts it). */
    smsOutbox: outbox,
  };
  return { deps, services };
}

export type Services = ReturnType<typeof compose>['services'];
