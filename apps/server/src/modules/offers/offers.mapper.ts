import type { Offer } from '@loyalty/contract';
import type { OfferRow } from '../../db/schema';
import { centsToDollars } from '../../lib/money';
import type { OfferRelations } from './offers.repository';

/** An offer row with its relations, in the contract's shape (price in dollars, images null when none). */
export function toOffer(o: OfferRow, rel: OfferRelations): Offer {
  const branchs = rel.branches.get(o.id) ?? [];
  const tags = rel.tags.get(o.id) ?? [];
  const images = rel.images.get(o.id) ?? [];
  return {
    id: o.id,
    merchantId: o.merchantId,
    title: o.title,
    titleAr: o.titleAr,
    description: o.description,
    descriptionAr: o.descriptionAr,
    price: centsToDollars(o.priceCents),
    points: o.points,
    availableNumberOfOffers: o.availableNumberOfOffers,
    startDate: o.startDate,
    endDate: o.endDate,
    rate: o.rate,
    isActive: o.isActive === 1,
    images: images.length > 0 ? images : null,
    branchs,
    tags,
    branchsIds: branchs.map((b) => b.id),
    tagsIds: tags.map((t) => t.id),
    createdAt: o.createdAt,
  };
}
