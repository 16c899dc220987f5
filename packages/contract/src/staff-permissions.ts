/** The permission each staff call needs (issue 27; see `permissions.ts`). */
import type { ApiPath } from './api';
import type { Permission } from './permissions';

/**
 * Every call a staff member (merchantUser) may make, and the permission it needs. A call missing
 * here fails the contract test; `null` means no permission is needed (reading, the session, push).
 * `user/signup` is the walk-in registration when staff send their token (SPEC's "add user").
 */
export const STAFF_CALL_PERMISSIONS = {
  'merchant/logout': null,
  'merchant/changepassword': null,
  'merchant/events/ticket': null,
  'merchantUser/me': null,
  'merchantUser/branch/details': null,
  'merchantUser/branch/pause': 'pauseBranch',
  'merchantUser/branch/resume': 'pauseBranch',
  'merchant/tag/list': null,
  'merchantUser/offer/list': null,
  'merchantUser/offer/details': null,
  'merchantUser/product/list': null,
  'merchantUser/product/details': null,
  'merchantUser/req/list': null,
  'merchantUser/req/details': null,
  'merchantUser/req/approve': 'approveOfferRequests',
  'merchantUser/req/reject': 'reject',
  'merchantUser/req/redeem/list': null,
  'merchantUser/req/redeem/detail': null,
  'merchantUser/req/redeem/approve': 'approveRedeems',
  'merchantUser/req/redeem/reject': 'reject',
  'merchantUser/product/req/branchList': null,
  'merchantUser/courier/list': 'assignCouriers',
  'merchantUser/product/req/details': null,
  'merchantUser/product/req/reject': 'reject',
  'merchantUser/product/req/accept': 'productOrders',
  'merchantUser/product/req/ready': 'productOrders',
  'merchantUser/product/employee/assignDelivery': 'assignCouriers',
  'merchantUser/req/confirm/refund': 'refunds',
  'merchantUser/product/update': 'editProducts',
  'merchantUser/chart/orders/branches': 'reports',
  'merchant/push/subscribe': null,
  'merchant/push/unsubscribe': null,
  'merchant/push/test': null,
  'merchantUser/qr/scan': null,
  'merchantUser/export/offer-requests.csv': 'exports',
  'merchantUser/export/redeems.csv': 'exports',
  'user/signup': 'walkIns',
} as const satisfies Partial<Record<ApiPath, Permission | null>>;

/** The permission a staff member needs for a call (undefined: none, or not a staff call). */
export const permissionFor = (path: string): Permission | undefined =>
  (STAFF_CALL_PERMISSIONS as Record<string, Permission | null>)[path] ?? undefined;
