/**
 * The one database schema type, for SQLite and PostgreSQL alike. Columns are snake_case in the
 * database and camelCase here (Kysely's CamelCasePlugin). Flags are integers 0/1 on both engines,
 * timestamps ISO-8601 UTC text, calendar dates YYYY-MM-DD text, money integer cents, points integers.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Flag = number;
type Timestamp = string;

export interface MerchantsTable {
  id: Generated<number>;
  name: string;
  mobile: string;
  passwordHash: string;
  status: 'pending' | 'approved' | 'suspended';
  isLive: Flag;
  balance: number;
  currency: string;
  logo: string | null;
  hotLine: string | null;
  refundPeriod: number | null;
  commissionPercentage: number | null;
  taxRegistrationNumber: string | null;
  refundRules: string | null;
  /** Minutes a new product request waits to be accepted before it is canceled (null: the default, 10). */
  acceptWithinMinutes: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MerchantUsersTable {
  id: Generated<number>;
  merchantId: number;
  branchId: number | null;
  fName: string;
  mName: string;
  lName: string;
  mobileNum: string;
  passwordHash: string;
  rule: 'merchantUser' | 'delivery';
  isActive: Flag;
  /** Null: the default permission set (every permission). */
  permissionSetId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A merchant's named staff permission set (issue 27); `permissions` is a JSON array of keys. */
export interface PermissionSetsTable {
  id: Generated<number>;
  merchantId: number;
  name: string;
  permissions: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A merchant's manager override: its PIN (argon2id), wrong tries in a row, thresholds. */
export interface MerchantOverridesTable {
  merchantId: number;
  pinHash: string | null;
  wrongTries: number;
  redeemPointsAbove: number | null;
  refunds: Flag;
  updatedAt: Timestamp;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  mobile: string;
  passwordHash: string;
  currency: string;
  balance: number;
  mustChangePassword: Flag;
  /** Set while the password is a one-time code sent by SMS (walk-in customers): it stops working then. */
  passwordExpiresAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  registeredByMerchantId: number | null;
  registeredBranchId: number | null;
  /** When the customer proved the phone (a texted code, or a walk-in's first sign-in); null until then (migration 0016). */
  verifiedAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type SubjectType = 'merchant' | 'merchantUser' | 'user' | 'admin';
/** Who a session belongs to: an app account, or an operator of the console (migration 0029). */
export type SessionSubjectType = SubjectType | 'operator';

export interface SessionsTable {
  id: Generated<number>;
  tokenHash: string;
  subjectType: SessionSubjectType;
  subjectId: number;
  deviceId: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  /** Last use, written at most once a minute (migration 0015); null on rows of an older server. */
  lastSeenAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A single-use ticket that opens the live feed for one session (migration 0015); only its SHA-256 is kept. */
export interface StreamTicketsTable {
  id: Generated<number>;
  ticketHash: string;
  sessionId: number;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** What a texted code proves: the owner of a phone resetting a password, or a customer's new number. */
export type CodePurpose = 'password_reset' | 'phone_verify';

export interface VerificationCodesTable {
  id: Generated<number>;
  subjectType: SubjectType;
  subjectId: number;
  purpose: CodePurpose;
  codeHash: string;
  attempts: number;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

export type SmsStatus = 'pending' | 'sent' | 'failed' | 'expired';

/**
 * A text message to send (docs/architecture.md, "Text messages"): `body` is erased (empty) once the
 * provider accepted it, or when it failed for good or expired.
 */
export interface SmsOutboxTable {
  id: Generated<number>;
  toMobile: string;
  body: string;
  createdAt: Timestamp;
  status: ColumnType<SmsStatus, SmsStatus | undefined, SmsStatus>;
  kind: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** Not before this time (null: at once). */
  nextAttemptAt: string | null;
  /** The sending process's claim, and until when it holds. */
  claimId: string | null;
  claimedUntil: string | null;
  provider: string | null;
  providerMessageId: string | null;
  lastError: string | null;
  sentAt: string | null;
  /** After this time the text is not worth sending (a code that expired). */
  expiresAt: string | null;
  idempotencyKey: string | null;
  updatedAt: string | null;
}

export interface BranchesTable {
  id: Generated<number>;
  merchantId: number;
  branchName: string;
  /** The Arabic name (migration 0026); null: the Arabic UI shows branchName. */
  branchNameAr: string | null;
  address: string;
  addressAr: string | null;
  phone: string;
  lat: number | null;
  long: number | null;
  isActive: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The end of a pause (migration 0031); it ends by itself when this time has passed. */
  pausedUntil: string | null;
  pauseReason: string | null;
  /** Weekly hours and closed dates as JSON (OpeningHours of the contract), null: always open (migration 0031). */
  openingHours: string | null;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  createdAt: Timestamp;
  /** 0 once the operator took it out of use (migration 0030): merchants are no longer offered it. */
  isActive: Generated<number>;
}

export interface OffersTable {
  id: Generated<number>;
  merchantId: number;
  title: string;
  titleAr: string | null;
  description: string;
  descriptionAr: string | null;
  priceCents: number;
  points: number;
  availableNumberOfOffers: number;
  startDate: string;
  endDate: string;
  rate: number;
  isActive: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OfferBranchesTable {
  offerId: number;
  branchId: number;
}

export interface OfferTagsTable {
  offerId: number;
  tagId: number;
}

export interface OfferImagesTable {
  id: Generated<number>;
  offerId: number;
  path: string;
  position: number;
  createdAt: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  merchantId: number;
  name: string;
  nameAr: string | null;
  description: string;
  descriptionAr: string | null;
  priceCents: number;
  stockAmount: number;
  points: number;
  image: string | null;
  rate: number;
  deliveryAvailability: Flag;
  isActive: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductTagsTable {
  productId: number;
  tagId: number;
}

export interface OfferRequestsTable {
  id: Generated<number>;
  merchantId: number;
  offerId: number;
  branchId: number;
  userId: number;
  payWith: 'points' | 'price';
  priceCents: number;
  points: number;
  status: 'pending' | 'done' | 'rejected';
  isAproved: Flag;
  isActive: Flag;
  code: string;
  approvedByType: SubjectType | null;
  approvedById: number | null;
  approvedAt: Timestamp | null;
  rejectReason: string | null;
  rejectedAt: Timestamp | null;
  rejectedByType: SubjectType | null;
  rejectedById: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RedeemRequestsTable {
  id: Generated<number>;
  merchantId: number;
  branchId: number;
  userId: number;
  amount: number;
  isApproved: Flag;
  approvedByType: SubjectType | null;
  approvedById: number | null;
  approvedAt: Timestamp | null;
  rejectReason: string | null;
  rejectedAt: Timestamp | null;
  rejectedByType: SubjectType | null;
  rejectedById: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  accountType: 'merchant' | 'user';
  accountId: number;
  delta: number;
  balanceAfter: number;
  reason: string;
  reference: string;
  createdAt: Timestamp;
}

export interface UserAddressesTable {
  id: Generated<number>;
  userId: number;
  address1: string;
  address2: string | null;
  area: string;
  city: string;
  lat: number | null;
  long: number | null;
  createdAt: Timestamp;
}

export type ProductRequestStatus = 'pending' | 'done' | 'canceled' | 'refund.pending' | 'refund.done' | 'rejected';
export type DeliveryStatus = 'pending' | 'inProgress' | 'done';

export interface ProductRequestsTable {
  id: Generated<number>;
  merchantId: number;
  productId: number;
  branchId: number;
  userId: number;
  addressId: number | null;
  type: 'pickup' | 'delivery';
  payWith: 'points' | 'price';
  priceCents: number;
  points: number;
  status: ProductRequestStatus;
  isCanceled: Flag;
  isRefund: Flag;
  /** The customer's reason when asking for a refund. */
  refundReason: string | null;
  /** The merchant's comment when confirming it. */
  refundComment: string | null;
  deliveryStatus: DeliveryStatus | null;
  /** The courier (merchant user with rule delivery) a delivery is assigned to. */
  employeeId: number | null;
  assignedAt: Timestamp | null;
  doneAt: Timestamp | null;
  doneByType: SubjectType | null;
  doneById: number | null;
  canceledAt: Timestamp | null;
  refundRequestedAt: Timestamp | null;
  refundedAt: Timestamp | null;
  refundedByType: SubjectType | null;
  refundedById: number | null;
  rejectReason: string | null;
  rejectedAt: Timestamp | null;
  rejectedByType: SubjectType | null;
  rejectedById: number | null;
  /** Accept in time (migration 0030): who accepted it, when, the preparation minutes and the expected ready time. */
  acceptedAt: Timestamp | null;
  acceptedByType: SubjectType | null;
  acceptedById: number | null;
  prepMinutes: number | null;
  readyBy: Timestamp | null;
  readyAt: Timestamp | null;
  readyByType: SubjectType | null;
  readyById: number | null;
  /** Why the platform canceled it (a message key: `notAcceptedInTime`), else null. */
  cancelReason: string | null;
  /** When the owner was reminded of it (half the merchant's limit). */
  acceptRemindedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The 4-digit code the customer tells the courier, set when a courier is assigned (migration 0031). */
  deliveryPin: ColumnType<string | null, string | null | undefined, string | null>;
  /** Wrong codes entered; 5 lock the code (migration 0031). */
  pinTries: ColumnType<number, number | undefined, number>;
  /** When the courier started the delivery (inProgress; migration 0033). */
  deliveryStartedAt: Optional<Timestamp>;
  /** The assigned courier's last position while the delivery is open (migration 0033). */
  courierLat: Optional<number>;
  courierLng: Optional<number>;
  /** Metres, as the courier's browser reported it. */
  courierAccuracy: Optional<number>;
  courierPositionAt: Optional<Timestamp>;
  /** The random token of the public tracking link `/t/<token>` (unique; made at the first track). */
  trackToken: Optional<string>;
}

/** A nullable column that inserts may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface SettlementsTable {
  id: Generated<number>;
  merchantId: number;
  productRequestId: number;
  userId: number;
  amountCents: number;
  status: 'initial' | 'pending' | 'paid';
  /** The payment reference the operator paid it with (migration 0029). */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was paid (migration 0029). */
  paidAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SettlementDetailsTable {
  id: Generated<number>;
  settlementId: number;
  userId: number;
  /** `sale` (+price, the request done) or `refund` (-price, its refund confirmed). */
  kind: 'sale' | 'refund';
  amountCents: number;
  createdAt: Timestamp;
}

export interface CardsTable {
  id: Generated<number>;
  merchantId: number;
  nameOnCard: string;
  brand: string;
  last4: string;
  /** MM */
  expMonth: string;
  /** YYYY */
  expYear: string;
  /** The gateway that issued the token (`test`, `stripe`). */
  gateway: string;
  /** The gateway's reference to the card: never the number, never the CVV. */
  token: string;
  isDefault: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  nameAr: string | null;
  description: string | null;
  descriptionAr: string | null;
  amountCents: number;
  points: number;
  /** Last day it is for sale (YYYY-MM-DD), or null. */
  validto: string | null;
  isActive: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One purchase the merchant means to make, by idempotency key: the lock that charges once. */
export interface PaymentAttemptsTable {
  id: Generated<number>;
  merchantId: number;
  idempotencyKey: string;
  packageId: number;
  cardId: number;
  amountCents: number;
  points: number;
  paymentType: string;
  paymentId: string | null;
  status: 'pending' | 'succeeded';
  chargeId: string | null;
  /** Who works on it now (a random id) and since when; a stale lock may be taken over. */
  lockId: string;
  lockedAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PackageRequestsTable {
  id: Generated<number>;
  merchantId: number;
  packageId: number;
  paymentAttemptId: number;
  cardId: number;
  cardBrand: string;
  cardLast4: string;
  points: number;
  amountCents: number;
  paymentType: string;
  paymentId: string | null;
  chargeId: string;
  status: 'paid';
  createdAt: Timestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  merchantId: number;
  packageRequestId: number | null;
  name: string;
  /** Arabic variants (migration 0028): the package's for a paid invoice, the operator's own otherwise. */
  nameAr: string | null;
  description: string | null;
  descriptionAr: string | null;
  amountCents: number;
  status: 'paid' | 'issued';
  createdAt: Timestamp;
}

/**
 * Sign-in and sign-up counters shared by every server process (docs/security.md). Times are epoch
 * milliseconds (integers) so that one SQL expression computes the next wait on both engines.
 */
/** Server-wide keys, written once (first writer wins), shared by every process. */
/** A key that can rotate (migration 0021): the newest not retired signs; a retired one still verifies for a while. */
export interface SigningKeysTable {
  purpose: string;
  kid: string;
  secret: string;
  createdAt: string;
  retiredAt: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  createdAt: string;
}

/** A Web Push subscription of a merchant, staff member or courier, owned by the session that registered it. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  subjectType: SubjectType;
  subjectId: number;
  sessionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: 'en' | 'ar';
  createdAt: Timestamp;
}

/** A replayable call's first answer under the caller's idempotency key (migration 0010). */
export interface IdempotencyKeysTable {
  subjectType: SubjectType;
  subjectId: number;
  key: string;
  path: string;
  /** The call's parameters as canonical JSON (migration 0027); null on rows from before, matched by path. */
  request: string | null;
  /** The JSON of the first answer's data; '' while the call that claimed the key has not answered. */
  response: string;
  createdAt: string;
}

export interface AuthThrottlesTable {
  key: string;
  /** Attempts counted in the current streak (delays) or window (limits). */
  count: number;
  /** Delays: the earliest next admitted attempt. Limits: the end of the window. */
  nextAt: number;
  /** The last counted attempt. */
  lastAt: number;
}

export interface TicketsTable {
  id: Generated<number>;
  merchantId: number;
  ticketType: 'general' | 'offer' | 'product';
  ticketTypeId: number | null;
  ticketBody: string;
  portalType: string;
  status: 'open' | 'closed';
  createdAt: Timestamp;
  updatedAt: Timestamp;
  closedAt: Timestamp | null;
}

export interface TicketMessagesTable {
  id: Generated<number>;
  ticketId: number;
  messageBody: string;
  /** The operator who wrote it (`operators.id`; migration 0025); null on the merchant's messages. */
  adminId: number | null;
  createdAt: Timestamp;
}

/** Operator tokens for `/api/admin/...`: only the SHA-256 of the token is kept. */
export interface OperatorTokensTable {
  id: Generated<number>;
  tokenHash: string;
  label: string | null;
  createdAt: Timestamp;
  revokedAt: Timestamp | null;
  /** The token stops working then (migration 0017). */
  expiresAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The operator the token acts as (migration 0025). */
  operatorId: number | null;
}

/**
 * The platform's operators (migration 0025): the command line's built-in row (`builtin` = 'cli');
 * operator accounts (issue 25) add people with a mobile, a password hash and a TOTP secret.
 */
export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  nameAr: string | null;
  role: 'admin' | 'support' | 'finance';
  mobile: string | null;
  passwordHash: string | null;
  totpSecret: string | null;
  /** The last authenticator code step accepted (migration 0029): a code is used once. */
  totpLastStep: ColumnType<number | null, number | null | undefined, number | null>;
  builtin: string | null;
  createdAt: Timestamp;
  disabledAt: Timestamp | null;
}

/** Every operator action, who ("cli" or "token:<id>") and when. */
export interface OperatorActionsTable {
  id: Generated<number>;
  actor: string;
  action: string;
  /** JSON of the action's arguments. */
  detail: string;
  /** The operator who acted (migration 0029; null on older rows). */
  operatorId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The address the request came from (null from the command line and on older rows). */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

export interface Database {
  merchants: MerchantsTable;
  merchantUsers: MerchantUsersTable;
  permissionSets: PermissionSetsTable;
  merchantOverrides: MerchantOverridesTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  streamTickets: StreamTicketsTable;
  verificationCodes: VerificationCodesTable;
  smsOutbox: SmsOutboxTable;
  branches: BranchesTable;
  tags: TagsTable;
  offers: OffersTable;
  offerBranches: OfferBranchesTable;
  offerTags: OfferTagsTable;
  offerImages: OfferImagesTable;
  products: ProductsTable;
  productTags: ProductTagsTable;
  offerRequests: OfferRequestsTable;
  redeemRequests: RedeemRequestsTable;
  ledgerEntries: LedgerEntriesTable;
  userAddresses: UserAddressesTable;
  productRequests: ProductRequestsTable;
  settlements: SettlementsTable;
  settlementDetails: SettlementDetailsTable;
  cards: CardsTable;
  packages: PackagesTable;
  paymentAttempts: PaymentAttemptsTable;
  packageRequests: PackageRequestsTable;
  invoices: InvoicesTable;
  authThrottles: AuthThrottlesTable;
  appSecrets: AppSecretsTable;
  signingKeys: SigningKeysTable;
  counterEvents: CounterEventsTable;
  auditLog: AuditLogTable;
  pushSubscriptions: PushSubscriptionsTable;
  tickets: TicketsTable;
  ticketMessages: TicketMessagesTable;
  operatorTokens: OperatorTokensTable;
  operators: OperatorsTable;
  operatorActions: OperatorActionsTable;
  idempotencyKeys: IdempotencyKeysTable;
  listCounts: ListCountsTable;
}

/**
 * Rows of a merchant's counted lists per branch and state, kept by triggers
 * (migrations/0012-list-counts.ts); a count sums the slots.
 */
export interface ListCountsTable {
  list: 'offer_requests' | 'redeem_requests' | 'offers' | 'offer_branches';
  merchantId: number;
  branchId: number;
  state: string;
  slot: number;
  n: number;
}

/** A new or changed request, for the live feed (docs/architecture.md "Live feed"). */
export interface CounterEventsTable {
  id: Generated<number>;
  merchantId: number;
  branchId: number | null;
  /** The courier a delivery is assigned to. */
  employeeId: number | null;
  kind: 'offerRequest' | 'redeem' | 'productRequest';
  entityId: number;
  action: string;
  status: string;
  createdAt: Timestamp;
}

/** One staff, courier or merchant state change; append-only (docs/domain.md "Audit trail"). */
export interface AuditLogTable {
  id: Generated<number>;
  merchantId: number;
  actorType: SubjectType;
  actorId: number;
  actorRole: string;
  actorName: string;
  branchId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  before: string | null;
  after: string | null;
  device: string | null;
  /** The merchant whose override PIN let a staff member's action through (issue 27). */
  overrideById: number | null;
  overrideByName: string | null;
  createdAt: Timestamp;
}

/**
 * Every column of a table, spelled out for the queries PostgreSQL prepares by name (an explicit
 * list keeps their result the same when a later migration adds a column). `columnsOf` checks at
 * compile time that none is missing.
 */
export const columnsOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    ...keys: K & (Exclude<keyof T, K[number]> extends never ? unknown : { missing: Exclude<keyof T, K[number]> })
  ): K =>
    keys;

export const OFFER_COLUMNS = columnsOf<OffersTable>()(
  'id',
  'merchantId',
  'title',
  'titleAr',
  'description',
  'descriptionAr',
  'priceCents',
  'points',
  'availableNumberOfOffers',
  'startDate',
  'endDate',
  'rate',
  'isActive',
  'createdAt',
  'updatedAt',
);
export const BRANCH_COLUMNS = columnsOf<BranchesTable>()(
  'id',
  'merchantId',
  'branchName',
  'branchNameAr',
  'address',
  'addressAr',
  'phone',
  'lat',
  'long',
  'isActive',
  'createdAt',
  'updatedAt',
  'pausedUntil',
  'pauseReason',
  'openingHours',
);
export const MERCHANT_COLUMNS = columnsOf<MerchantsTable>()(
  'id',
  'name',
  'mobile',
  'passwordHash',
  'status',
  'isLive',
  'balance',
  'currency',
  'logo',
  'hotLine',
  'refundPeriod',
  'commissionPercentage',
  'taxRegistrationNumber',
  'refundRules',
  'acceptWithinMinutes',
  'createdAt',
  'updatedAt',
);

export type Merchant = Selectable<MerchantsTable>;
export type NewMerchant = Insertable<MerchantsTable>;
export type MerchantUpdate = Updateable<MerchantsTable>;
export type MerchantUser = Selectable<MerchantUsersTable>;
export type Customer = Selectable<CustomersTable>;
export type Session = Selectable<SessionsTable>;
export type BranchRow = Selectable<BranchesTable>;
export type OfferRow = Selectable<OffersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OfferRequestRow = Selectable<OfferRequestsTable>;
export type RedeemRequestRow = Selectable<RedeemRequestsTable>;
