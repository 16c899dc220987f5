import type { Card } from '@loyalty/contract';
import { Group, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { brandName } from '../../lib/card-brands';

/** A saved card as it is shown: brand, masked number, holder and expiry. */
export function CardLabel({ card }: { card: Card }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <IconCreditCard size={26} aria-hidden style={{ flexShrink: 0 }} />
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm">
          {brandName(card.brand)} <Ltr>{card.cardNumber}</Ltr>
        </Text>
        <Text size="xs" c="dimmed" truncate>
          <Bdi>{card.nameOnCard}</Bdi> · {t('packages.expires')} <Ltr>{card.expirationDate.replace('-', '/')}</Ltr>
        </Text>
      </Stack>
    </Group>
  );
}
