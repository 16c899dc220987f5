import type { Offer } from '@loyalty/contract';
import { IconGift } from '@tabler/icons-react';
import { localized } from '../lib/localized';
import { CatalogueCard } from './catalogue-card';

type OfferSummary = Pick<
  Offer,
  'id' | 'title' | 'titleAr' | 'description' | 'descriptionAr' | 'price' | 'points' | 'images'
>;

const fallback = { icon: IconGift, bg: 'var(--mantine-color-orange-0)', color: 'orange.6' };

/** An offer in a grid (SPEC §2): first image or a gift icon, title, description, `$` price, points with `P`. */
export function OfferCard({ offer, onOpen }: { offer: OfferSummary; onOpen?: () => void }) {
  return (
    <CatalogueCard
      to={`/offer/${offer.id}`}
      onOpen={onOpen}
      testId="offer-card"
      image={offer.images?.[0]}
      fallback={fallback}
      title={localized(offer, 'title')}
      description={localized(offer, 'description')}
      price={offer.price}
      points={offer.points}
    />
  );
}
