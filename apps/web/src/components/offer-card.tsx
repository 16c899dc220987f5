import type { Offer } from '@loyalty/contract';
import { Card, Center, Group, Image, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { imageUrl } from '../lib/api';
import { formatPoints, formatPrice } from '../lib/format';
import { localized } from '../lib/localized';
import { Ltr } from './ltr';

type OfferSummary = Pick<
  Offer,
  'id' | 'title' | 'titleAr' | 'description' | 'descriptionAr' | 'price' | 'points' | 'images'
>;

/** An offer in a grid (SPEC §2): first image or a gift icon, title, description, `$` price, points with `P`. */
export function OfferCard({ offer, onOpen }: { offer: OfferSummary; onOpen?: () => void }) {
  const src = imageUrl(offer.images?.[0]);
  const title = localized(offer, 'title');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={`/offer/${offer.id}`}
      onClick={onOpen}
      data-testid="offer-card"
    >
      <Card.Section>
        {src ? (
          <Image src={src} alt={title} h={110} fit="cover" />
        ) : (
          <Center h={110} bg="var(--mantine-color-orange-0)" c="orange.6" aria-hidden>
            <IconGift size={44} stroke={1.5} />
          </Center>
        )}
      </Card.Section>
      <Text fw={600} mt="xs" lineClamp={1}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {localized(offer, 'description')}
      </Text>
      <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
        <Text fw={700} size="sm" c="teal.8">
          <Ltr>{formatPrice(offer.price)}</Ltr>
        </Text>
        <Text fw={600} size="sm" c="orange.8">
          <Ltr>{formatPoints(offer.points)}</Ltr>
        </Text>
      </Group>
    </Card>
  );
}
