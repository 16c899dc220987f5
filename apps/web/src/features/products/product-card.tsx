import type { Product } from '@loyalty/contract';
import { Card, Center, Group, Image, Text } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Ltr } from '../../components/ltr';
import { imageUrl } from '../../lib/api';
import { formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';

/** A product in the 2-column grid (SPEC §2): image, name, description, price, points. */
export function ProductCard({ product, onOpen }: { product: Product; onOpen?: () => void }) {
  const name = localized(product, 'name');
  const src = imageUrl(product.image);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={`/product/${product.id}`}
      onClick={onOpen}
      data-testid="product-card"
    >
      <Card.Section>
        {src ? (
          <Image src={src} alt={name} h={110} fit="cover" />
        ) : (
          <Center h={110} bg="var(--mantine-color-blue-0)" c="blue.5" aria-hidden>
            <IconBox size={44} stroke={1.5} />
          </Center>
        )}
      </Card.Section>
      <Text fw={600} mt="xs" lineClamp={1}>
        {name}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {localized(product, 'description')}
      </Text>
      <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
        <Text fw={700} size="sm" c="teal.8">
          <Ltr>{formatPrice(product.price)}</Ltr>
        </Text>
        <Text fw={600} size="sm" c="orange.8">
          <Ltr>{formatPoints(product.points)}</Ltr>
        </Text>
      </Group>
    </Card>
  );
}
