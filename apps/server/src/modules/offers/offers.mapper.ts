import type { Offer } from '@loyalty/contract';
import type { OfferRow } from '../../db/schema';
import { centsToDollars } from '../../lib/money';
import type { OffersRepository } from './offers.repository';

type Relations = Awaited<ReturnType<OffersRepository['relations']>>;

/** An offer row with its relations, in the contract's shape (price in dollars, images null when none). */
export function toOffer(o: OfferRow, rel: Relations): Offer {
  const branchs = rel.branches
    .filter((b) => b.offerId === o.id)
    .map((b) => ({ id: b.id, branchName: b.branchName, address: b.address, addressAr: b.addressAr }));
  const tags = rel.tags.filter((t) => t.offerId === o.id).map((t) => ({ id: t.id, name: t.name }));
  const images = rel.images.filter((i) => i.offerId === o.id).map((i) => i.path);
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
