import {
  type Address,
  acceptDeadline,
  type DeliveryRow,
  isMessageKey,
  type Language,
  messageText,
  type ProductRequest,
} from '@loyalty/contract';
import type { UserAddressesTable } from '../../db/schema';
import { centsToDollars } from '../../lib/money';
import type { ProductRequestJoined } from './product-requests.repository';

export const toAddress = (
  a: Pick<UserAddressesTable, 'address1' | 'address2' | 'area' | 'city' | 'lat' | 'long'> & {
    id: number;
  },
): Address => ({
  id: a.id,
  address1: a.address1,
  address2: a.address2,
  area: a.area,
  city: a.city,
  lat: a.lat,
  long: a.long,
});

/** SPEC §3 nests the customer's address as `UserAddress.Address`. */
const userAddressOf = (r: ProductRequestJoined) =>
  r.addressId !== null && r.address1 !== null
    ? {
        id: r.addressId,
        Address: toAddress({
          id: r.addressId,
          address1: r.address1,
          address2: r.address2,
          area: r.area ?? '',
          city: r.city ?? '',
          lat: r.addressLat,
          long: r.addressLong,
        }),
      }
    : null;

const branchOf = (r: ProductRequestJoined) => ({
  id: r.branchId,
  branchName: r.branchName,
  branchNameAr: r.branchNameAr,
  address: r.branchAddress,
  addressAr: r.branchAddressAr,
  phone: r.branchPhone,
});

/** A stored product request as the contract's `productRequest` (SPEC §3); reasons in `lang`. */
export const toProductRequest = (r: ProductRequestJoined, lang: Language = 'en'): ProductRequest => ({
  id: r.id,
  type: r.type,
  status: r.status,
  isCanceled: r.isCanceled === 1,
  isRefund: r.isRefund === 1,
  refundComment: r.refundComment,
  refundReason: r.refundReason,
  rejectReason: r.rejectReason,
  rejectedAt: r.rejectedAt,
  deliveryStatus: r.deliveryStatus,
  payWith: r.payWith,
  points: r.points,
  price: centsToDollars(r.priceCents),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  doneAt: r.doneAt,
  acceptedAt: r.acceptedAt,
  acceptedBy:
    r.acceptedByType !== null && r.acceptedById !== null ? { type: r.acceptedByType, id: r.acceptedById } : null,
  prepMinutes: r.prepMinutes,
  readyBy: r.readyBy,
  readyAt: r.readyAt,
  acceptBy:
    r.status === 'pending' && r.acceptedAt === null ? acceptDeadline(r.createdAt, r.merchantAcceptWithin) : null,
  cancelReason: r.cancelReason,
  cancelReasonText: r.cancelReason && isMessageKey(r.cancelReason) ? messageText(r.cancelReason, lang) : r.cancelReason,
  Product: {
    id: r.productId,
    name: r.productName,
    nameAr: r.productNameAr,
    image: r.productImage,
    deliveryAvailability: r.productDeliveryAvailability === 1,
  },
  Branch: branchOf(r),
  user: { id: r.userId, name: r.userName, mobile: r.userMobile },
  UserAddress: userAddressOf(r),
  DeliveryEmployee:
    r.employeeId !== null && r.courierFirst !== null
      ? {
          id: r.employeeId,
          fName: r.courierFirst,
          mName: r.courierMiddle ?? '',
          lName: r.courierLast ?? '',
          mobileNum: r.courierMobile ?? '',
        }
      : null,
});

/** A row of the courier's lists (SPEC §3: rows with User, UserAddress, Product). */
export const toDeliveryRow = (r: ProductRequestJoined): DeliveryRow => ({
  id: r.id,
  type: r.type,
  status: r.status,
  deliveryStatus: r.deliveryStatus,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  User: { id: r.userId, name: r.userName, mobile: r.userMobile },
  UserAddress: userAddressOf(r),
  Product: {
    id: r.productId,
    name: r.productName,
    nameAr: r.productNameAr,
    image: r.productImage,
    price: centsToDollars(r.priceCents),
    points: r.points,
  },
  Branch: branchOf(r),
});
