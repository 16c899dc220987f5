import type { Offer } from '@loyalty/contract';
import { Card, Center, Group, Image, Rating, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { imageUrl } from '../../lib/api';
import { formatDate, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';

/** SPEC §2 offer header: title, first branch, dates, read-only rating in half steps, first image, price and points. */
export function OfferHeader({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  const title = localized(offer, 'title');
  const src = imageUrl(offer.images?.[0]);
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        {src ? (
          <Image src={src} alt={title} h={200} fit="cover" data-testid="offer-main-image" />
        ) : (
          <Center h={160} bg="var(--mantine-color-orange-0)" c="orange.6" aria-hidden>
            <IconGift size={64} stroke={1.4} />
          </Center>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={2} size="h3">
          <Bdi>{title}</Bdi>
        </Title>
        {offer.branchs[0] && (
          <Text size="sm" c="dimmed">
            <Bdi>{localized(offer.branchs[0], 'branchName')}</Bdi>
          </Text>
        )}
        <Text size="sm">
          {t('offers.validity', { start: formatDate(offer.startDate), end: formatDate(offer.endDate) })}
        </Text>
        <Rating
          value={offer.rate}
          fractions={2}
          readOnly
          role="img"
          aria-label={t('offers.rating', { rate: offer.rate })}
        />
        <Group justify="space-between">
          <Text fw={700} size="lg" c="teal.9">
            <Amount>{formatPrice(offer.price)}</Amount>
          </Text>
          <Text fw={700} size="lg" c="var(--mantine-color-orange-light-color)">
            <Amount>{formatPoints(offer.points)}</Amount>
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          <Bdi>{localized(offer, 'description')}</Bdi>
        </Text>
      </Stack>
    </Card>
  );
}
