/** Response shapes of the entities of SPEC §3, field names spelled as the spec spells them. */
import { z } from 'zod';
import { OFFER_REQUEST_STATUSES, REDEEM_STATUSES } from './constants';
import { PERMISSIONS } from './permissions';

const nullableText = z.string().nullable();
const bool = z.boolean();

const dayHours = z.string().nullable();
export const openingHours = z.object({
  sun: dayHours,
  mon: dayHours,
  tue: dayHours,
  wed: dayHours,
  thu: dayHours,
  fri: dayHours,
  sat: dayHours,
  closedDates: z.array(z.string()),
});

export const pagedRows = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int() });

export const sessionResponse = z.object({
  rule: z.enum(['merchant', 'merchantUser', 'delivery']),
  isAproved: bool,
  /** The merchant id (stored as merchantId): the merchant's own, or a staff member's employer. */
  id: z.number().int(),
  /** The signed-in account's own id. */
  userId: z.number().int(),
  token: z.string(),
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const customerSession = z.object({
  id: z.number().int(),
  token: z.string(),
  expiresAt: z.string(),
  mustChangePassword: bool,
});

/** A branch as other entities name it: its name and Arabic name (null: the Arabic UI shows branchName). */
const branchRef = { id: z.number().int(), branchName: z.string(), branchNameAr: nullableText };

export const branch = z.object({
  id: z.number().int(),
  branchName: z.string(),
  branchNameAr: nullableText,
  address: z.string(),
  addressAr: nullableText,
  phone: z.string(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  isActive: bool,
  createdAt: z.string(),
  /** Weekly hours and closed dates (business time zone), null: always open (docs/domain.md, "Busy and opening hours"). */
  hours: openingHours.nullable(),
  /** A running pause: its end and reason, else null. */
  pausedUntil: nullableText,
  pauseReason: nullableText,
  /** Open now; else when it opens again (null: not within 14 days). */
  isOpen: bool,
  opensAt: nullableText,
});
export type Branch = z.infer<typeof branch>;

export const tag = z.object({ id: z.number().int(), name: z.string() });
export type Tag = z.infer<typeof tag>;

export const merchantUserInfo = z.object({
  id: z.number().int(),
  rule: z.enum(['merchantUser', 'delivery']),
  mobileNum: z.string(),
  isActive: bool,
  fName: z.string(),
  mName: z.string(),
  lName: z.string(),
});

export const employee = z.object({
  id: z.number().int(),
  name: z.string(),
  branchId: z.number().int().nullable(),
  Branch: z.object(branchRef).nullable(),
  merchantUser: merchantUserInfo,
  /** The staff member's permission set (issue 27); null: the default set (SPEC's staff rights). */
  permissionSetId: z.number().int().nullable(),
});
export type Employee = z.infer<typeof employee>;

export const offer = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  title: z.string(),
  titleAr: nullableText,
  description: z.string(),
  descriptionAr: nullableText,
  price: z.number(),
  points: z.number().int(),
  availableNumberOfOffers: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  rate: z.number(),
  isActive: bool,
  images: z.array(z.string()).nullable(),
  branchs: z.array(z.object({ ...branchRef, address: z.string(), addressAr: nullableText })),
  tags: z.array(tag),
  branchsIds: z.array(z.number().int()),
  tagsIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offer>;

export const offerDetails = offer.extend({
  usersCount: z.number().int(),
  Requests: z.array(z.lazy(() => offerRequest)),
  requestsCount: z.number().int(),
});

export const product = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  name: z.string(),
  nameAr: nullableText,
  description: z.string(),
  descriptionAr: nullableText,
  price: z.number(),
  stockAmount: z.number().int(),
  image: nullableText,
  points: z.number().int(),
  rate: z.number(),
  deliveryAvailability: bool,
  merchant: z.object({ name: z.string() }),
  tagsIds: z.array(z.number().int()),
  tags: z.array(tag),
  createdAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const offerRequest = z.object({
  id: z.number().int(),
  isAproved: bool,
  isActive: bool,
  status: z.enum(OFFER_REQUEST_STATUSES),
  code: z.string(),
  /** Why staff rejected it (status rejected), else null. */
  rejectReason: nullableText,
  rejectedAt: nullableText,
  payWith: z.enum(['points', 'price']),
  images: z.array(z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), mobile: z.string() }),
  Branch: z.object({ ...branchRef, address: z.string(), addressAr: nullableText }),
  offerDetail: z.object({
    id: z.number().int(),
    title: z.string(),
    titleAr: nullableText,
    price: z.number(),
    points: z.number().int(),
    endDate: z.string(),
    createdAt: z.string(),
    images: z.array(z.string()).nullable(),
    description: z.string(),
    descriptionAr: nullableText,
  }),
});
export type OfferRequest = z.infer<typeof offerRequest>;

export const redeemRequest = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  isApproved: bool,
  status: z.enum(REDEEM_STATUSES),
  rejectReason: nullableText,
  rejectedAt: nullableText,
  user: z.object({ id: z.number().int(), name: z.string(), mobile: z.string() }),
  merchant: z.object({ name: z.string() }),
  Branch: z.object(branchRef),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RedeemRequest = z.infer<typeof redeemRequest>;

export const offerUser = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  requestsCount: z.number().int(),
});

export const merchantProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  balance: z.number().int(),
  isLive: bool,
  isAproved: bool,
  status: z.enum(['pending', 'approved', 'suspended']),
  rule: z.literal('merchant'),
  /** The merchant's currency: the one its money is shown in, `USD` (the default) or `QAR`. */
  userCurrncy: z.string(),
  MerchantProfile: z.object({
    logo: nullableText,
    hotLine: nullableText,
    refundPeriod: z.number().int().nullable(),
    /** Minutes a new product request waits to be accepted before it is canceled (the default when not set). */
    acceptWithinMinutes: z.number().int(),
    commissionPercentage: z.number().nullable(),
    taxRegistrationNumber: nullableText,
    refundRules: nullableText,
  }),
  counts: z.object({
    activeOffers: z.number().int(),
    inactiveOffers: z.number().int(),
    approvedRequests: z.number().int(),
    pendingRequests: z.number().int(),
    /** New product requests not yet accepted (docs/domain.md "Accepting in time"): the alert repeats while any wait. */
    ordersToAccept: z.number().int(),
    /** Delivery requests still pending that no courier is assigned to (the home's "what waits"). */
    deliveriesWithoutCourier: z.number().int(),
    /** Redeem requests waiting for approval. */
    pendingRedeems: z.number().int(),
    branches: z.number().int(),
    employees: z.number().int(),
  }),
  /** The spec's merchantUser object; for the merchant itself, rule `merchant` and its name. */
  merchantUser: z.object({
    rule: z.literal('merchant'),
    fName: z.string(),
    mName: z.string(),
    lName: z.string(),
    isActive: bool,
  }),
  createdAt: z.string(),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

export const merchantUserProfile = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  branchId: z.number().int().nullable(),
  name: z.string(),
  mobile: z.string(),
  rule: z.enum(['merchantUser', 'delivery']),
  merchant: z.object({ id: z.number().int(), name: z.string() }),
  Branch: z.object(branchRef).nullable(),
  merchantUser: z.object({
    rule: z.enum(['merchantUser', 'delivery']),
    fName: z.string(),
    mName: z.string(),
    lName: z.string(),
    isActive: bool,
    mobileNum: z.string(),
  }),
  counts: z.object({
    pendingRequests: z.number().int(),
    pendingDeliveries: z.number().int(),
    /** Staff: their branch's new product requests not yet accepted. */
    ordersToAccept: z.number().int(),
    /** Staff: their branch's pending delivery requests without a courier. */
    deliveriesWithoutCourier: z.number().int(),
    /** Staff: their branch's redeem requests waiting for approval. */
    pendingRedeems: z.number().int(),
  }),
  /** What the staff member's permission set allows (issue 27; couriers: none). */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type MerchantUserProfile = z.infer<typeof merchantUserProfile>;

export const customerProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  balance: z.number().int(),
  userCurrncy: z.string(),
  mustChangePassword: bool,
});

export const addedUser = z.object({ id: z.number().int(), name: z.string(), mobile: z.string() });

export const ok = z.object({ success: z.literal(true) });
