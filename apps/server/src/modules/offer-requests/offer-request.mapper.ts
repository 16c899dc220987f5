import type { OfferRequest } from '@loyalty/contract';
import { centsToDollars } from '../../lib/money';
import type { OfferRequestJoined } from './offer-requests.repository';

/** A stored offer request as the contract's `offerRequest` (SPEC §3). Price and points are those fixed when it was made. */
export function toOfferRequest(r: OfferRequestJoined, images: string[] | undefined): OfferRequest {
  const paths = images && images.length > 0 ? images : null;
  return {
    id: r.id,
    isAproved: r.isAproved === 1,
    isActive: r.isActive === 1,
    status: r.status,
    code: r.code,
    rejectReason: r.rejectReason,
    rejectedAt: r.rejectedAt,
    payWith: r.payWith,
    images: paths,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    user: { id: r.userId, name: r.userName, mobile: r.userMobile },
    Branch: {
      id: r.branchId,
      branchName: r.branchName,
      branchNameAr: r.branchNameAr,
      address: r.address,
      addressAr: r.addressAr,
    },
    offerDetail: {
      id: r.offerId,
      title: r.title,
      titleAr: r.titleAr,
      price: centsToDollars(r.priceCents),
      points: r.points,
      endDate: r.endDate,
      createdAt: r.offerCreatedAt,
      images: paths,
      description: r.description,
      descriptionAr: r.descriptionAr,
    },
  };
}
