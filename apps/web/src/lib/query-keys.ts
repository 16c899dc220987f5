/**
 * The one query-key factory of the app (GUIDE: "one hook file per resource with a query-key
 * factory"): every cached call's key is `[resource, 'list' | 'detail', params]`, so a mutation
 * invalidates a whole resource (`queryKeys.offers.all`), all its lists (`.lists()`) or one detail
 * (`.detail(params)`). Params carry what changes the answer, the caller's role included.
 */

const resource = <N extends string>(name: N) => ({
  all: [name] as const,
  lists: () => [name, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [name, 'list', params] as const,
  details: () => [name, 'detail'] as const,
  detail: (params: Record<string, unknown> = {}) => [name, 'detail', params] as const,
});

export const queryKeys = {
  /** `GET /api/config` */
  config: resource('config'),
  /** `merchant/me`, `merchantUser/me` */
  me: resource('me'),
  branches: resource('branches'),
  tags: resource('tags'),
  /** Offers, and the customers of one offer (`list({ offerId, of: 'users' })`). */
  offers: resource('offers'),
  products: resource('products'),
  /** Staff members and couriers (the employees screens and a branch's Employees tab). */
  employees: resource('employees'),
  offerRequests: resource('offerRequests'),
  redeems: resource('redeems'),
  /** The merchant's product requests (`list({ tab })`, `detail({ id })`). */
  productRequests: resource('productRequests'),
  /** The courier's deliveries (`list()`, `detail({ id })`). */
  deliveries: resource('deliveries'),
  /** Points packages for sale (`list()`, `detail({ id })`). */
  packages: resource('packages'),
  /** The merchant's saved cards. */
  cards: resource('cards'),
  /** Packages the merchant bought (`detail({ id })`). */
  packageRequests: resource('packageRequests'),
  invoices: resource('invoices'),
  /** Settlements (`list({ status })`, `detail({ id })`). */
  settlements: resource('settlements'),
  /** The account reports' per-branch figures (`list({ from, to })`). */
  reports: resource('reports'),
  /** The merchant's points ledger (`list({ pageNum, limit })`). */
  pointsHistory: resource('pointsHistory'),
  /** The merchant's staff permission sets (issue 27) and the override settings (`detail({ of: 'override' })`). */
  permissionSets: resource('permissionSets'),
  /** The merchant's activity log (`list({ who, action, branchId, from, to, pageNum, limit })`). */
  activity: resource('activity'),
  /** Support tickets (`list()`, `detail({ id })`) and their messages (`list({ ticketId })`). */
  tickets: resource('tickets'),
  ticketMessages: resource('ticketMessages'),
  /** The offers and products a ticket can be about (the create-ticket picker). */
  ticketSubjects: resource('ticketSubjects'),
};

export type QueryResource = ReturnType<typeof resource>;
