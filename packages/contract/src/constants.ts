/** Enums and business constants of SPEC §4 and §9. Server and web both import these. */

export const STAFF_ROLES = ['merchant', 'merchantUser', 'delivery'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Every caller kind the server knows. `user` is a customer, `admin` the platform operator. */
export const ROLES = [...STAFF_ROLES, 'user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** What a platform operator may do (docs/security.md, "Operator accounts"): admin everything. */
export const OPERATOR_ROLES = ['admin', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const EMPLOYEE_RULES = ['merchantUser', 'delivery'] as const;
export type EmployeeRule = (typeof EMPLOYEE_RULES)[number];

export const MERCHANT_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

export const OFFER_REQUEST_STATUSES = ['pending', 'done', 'rejected'] as const;
export type OfferRequestStatus = (typeof OFFER_REQUEST_STATUSES)[number];
export const PAY_WITH = ['points', 'price'] as const;
export type PayWith = (typeof PAY_WITH)[number];

export const PRODUCT_REQUEST_TYPES = ['pickup', 'delivery'] as const;
export const PRODUCT_REQUEST_STATUSES = [
  'pending',
  'done',
  'canceled',
  'refund.pending',
  'refund.done',
  'rejected',
] as const;
/** A redeem request's state, derived from its approval and rejection (docs/domain.md). */
export const REDEEM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];
/** Actions written to the audit trail (docs/domain.md "Audit trail"). */
export const AUDIT_ACTIONS = [
  'offerRequest.approve',
  'offerRequest.reject',
  'redeem.approve',
  'redeem.reject',
  'productRequest.pickup',
  'productRequest.assign',
  'productRequest.delivery',
  'productRequest.refund',
  'productRequest.reject',
  'productRequest.accept',
  'productRequest.ready',
  'productRequest.handover',
  'merchant.goLive',
  'employee.add',
  'employee.update',
  'employee.delete',
  'branch.add',
  'branch.update',
  'branch.delete',
  'branch.pause',
  'branch.resume',
  'branch.hours',
  'card.add',
  'card.default',
  'card.delete',
  'package.purchase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Who can be written as the actor of an audit row. */
export const SUBJECT_TYPES = ['merchant', 'merchantUser', 'user', 'admin'] as const;
/** The longest reason a request can be rejected with. */
export const REJECT_REASON_MAX = 300;
export const DELIVERY_STATUSES = ['pending', 'inProgress', 'done'] as const;
export const TICKET_TYPES = ['general', 'offer', 'product'] as const;
export const SETTLEMENT_STATUSES = ['initial', 'pending', 'paid'] as const;
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LEDGER_ACCOUNT_TYPES = ['merchant', 'user'] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

export const LIMITS = {
  /** Most list fetches ask for this many rows. */
  listLimit: 1000,
  maxListLimit: 1000,
  /** Infinite scroll page size, Done requests and redeem paging. */
  pageSize: 10,
  employeesShown: 10,
  descriptionMin: 30,
  descriptionMax: 300,
  offerImagesMax: 5,
  productImagesMax: 1,
  imageMaxBytes: 5 * 1024 * 1024,
  cardNumberDigits: 16,
  cardNumberMaxLength: 19,
  cvvDigits: 3,
  phoneMin: 5,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  textMax: 500,
  requestCacheMax: 20,
  /**
   * The most points a balance (a merchant's or a customer's) may hold: every credit is checked
   * against it before it is made, and a package purchase before the card is charged
   * (docs/decisions/0020-balances-capped.md). Below PostgreSQL's integer (2^31 − 1).
   */
  balanceMax: 2_000_000_000,
} as const;

export const TIMINGS = {
  toastMs: 1000,
  searchDebounceMs: 1000,
  settingsSpinnerMs: 200,
} as const;

/** Points shown as cash: points divided by this (SPEC §9), labelled Qatar Riyal. */
export const POINTS_PER_CASH_UNIT = 5;
export const pointsToCash = (points: number): number => points / POINTS_PER_CASH_UNIT;

/**
 * How a merchant's money is shown (docs/decisions/0021-one-currency-display.md): in US dollars, as
 * prices are kept (SPEC §1, the default), or in Qatar Riyal, the currency of the points' cash value.
 * Stored as the merchant's currency (`userCurrncy`).
 */
export const CURRENCY_DISPLAYS = ['USD', 'QAR'] as const;
export type CurrencyDisplay = (typeof CURRENCY_DISPLAYS)[number];
/** Qatar Riyal per US dollar: the riyal's fixed peg (Qatar Central Bank, since 2001). */
export const QAR_PER_USD = 3.64;

export const DEFAULTS = {
  language: 'en' as Language,
  phoneCountry: 'QA',
  registrationCurrency: 'USD',
  /** Fixed six-digit password given to walk-in customers registered by staff (SPEC §9). */
  addUserPassword: '123456',
  paymentType: 'stripe',
  paymentId: 'pm_card_visa',
  mapCenter: { lat: 25.2854, long: 51.531 },
  mapZoom: 14,
  mapHeight: 400,
  termsDate: '07 October 2025',
} as const;

/** localStorage keys (SPEC §3). */
export const STORAGE_KEYS = {
  language: 'language',
  role: 'role',
  isAproved: 'isAproved',
  merchantId: 'merchantId',
  defaultCard: 'defaultCard',
  pushToken: 'pushToken',
  token: 'token',
  user: 'user',
} as const;

/**
 * The live feed (DECISIONS §9): `GET /api/merchant/events`, server-sent events, the session token
 * only as `Authorization: Bearer`, or a single-use ticket of `merchant/events/ticket` as `?ticket=`
 * (a session token in the query answers 401); `Last-Event-ID` (or `?lastEventId=`) replays what was
 * missed, as far back as FEED_LIMITS.replayMax events, else an `event: reset` message says to reload.
 * Without either, `?pageAge=` (ms the page has been loading) asks for a `reset` if the caller's scope
 * changed meanwhile (the page's lists may have been read before that change). Each message's data is one `feedEvent` (endpoints/activity.ts); an `event: ready` message follows the replay.
 */
export const FEED_PATH = '/api/merchant/events';
export const FEED_LIMITS = {
  /** Streams one session may hold open at once. */
  streamsPerSession: 3,
  /** The most events a reconnect replays; further back the stream says `reset` instead. */
  replayMax: 500,
} as const;
