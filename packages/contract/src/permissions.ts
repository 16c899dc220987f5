/**
 * Staff permission sets (issue 27): the fixed list of permissions a merchant picks from, and the one
 * map of every call a staff member (role merchantUser) can make to the permission it needs (null:
 * none; `staff-permissions.ts`). The server enforces it in one place (`http/register.ts`), the isolation matrix is generated
 * from it, and the web app hides the menus a set does not allow. A staff member without a set has
 * the default set: SPEC's staff rights (`DEFAULT_PERMISSIONS`), so nothing changes until a merchant
 * makes sets; refunds, assigning couriers, editing products and reports are the merchant's unless a set
 * gives them to staff.
 */
export const PERMISSIONS = [
  'approveOfferRequests',
  'approveRedeems',
  'reject',
  'productOrders',
  'refunds',
  'assignCouriers',
  'pauseBranch',
  'editProducts',
  'reports',
  'exports',
  'walkIns',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The default set (a staff member with no set): SPEC's staff rights, the permissions of the calls SPEC
 * gives staff. `refunds`, `assignCouriers`, `editProducts` and `reports` gate staff calls only a
 * merchant's set can open.
 */
export const DEFAULT_PERMISSIONS: readonly Permission[] = [
  'approveOfferRequests',
  'approveRedeems',
  'reject',
  'productOrders',
  'pauseBranch',
  'exports',
  'walkIns',
];

/** The message key naming a missing permission (`needApproveRedeems`, ...). */
export type NeedKey = `need${Capitalize<Permission>}`;
export const needKey = (p: Permission): NeedKey => `need${p[0].toUpperCase()}${p.slice(1)}` as NeedKey;

/** The six-digit manager override PIN. */
export const OVERRIDE_PIN_LENGTH = 6;
/** Wrong override PINs in a row after which the PIN is locked until the merchant sets it again. */
export const OVERRIDE_PIN_MAX_TRIES = 5;
