import { Card, Center, Group, Image, type MantineColor, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { imageUrl } from '../lib/api';
import { formatPoints, formatPrice } from '../lib/format';
import { Amount, Bdi } from './bidi';

export interface CatalogueCardProps {
  /** Where the card links to. */
  to: string;
  onOpen?: () => void;
  testId: string;
  /** The stored image path; without one the fallback icon is shown. */
  image: string | null | undefined;
  fallback: { icon: Icon; bg: string; color: MantineColor };
  title: string;
  description: string;
  price: number;
  points: number;
}

/**
 * A catalogue item in a grid (SPEC §2): image or an icon, title, description, `$` price, points with `P`.
 * Lists hold many: an image loads when it comes near the screen, in its reserved 110 px.
 */
export function CatalogueCard({
  to,
  onOpen,
  testId,
  image,
  fallback: { icon: FallbackIcon, bg, color },
  title,
  description,
  price,
  points,
}: CatalogueCardProps) {
  const src = imageUrl(image);
  return (
    <Card withBorder radius="md" padding="sm" component={Link} to={to} onClick={onOpen} data-testid={testId}>
      <Card.Section>
        {src ? (
          <Image src={src} alt={title} h={110} height={110} fit="cover" loading="lazy" decoding="async" />
        ) : (
          <Center h={110} bg={bg} c={color} aria-hidden>
            <FallbackIcon size={44} stroke={1.5} />
          </Center>
        )}
      </Card.Section>
      <Text fw={600} mt="xs" lineClamp={1}>
        <Bdi>{title}</Bdi>
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        <Bdi>{description}</Bdi>
      </Text>
      <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
        <Text fw={700} size="sm" c="teal.9">
          <Amount>{formatPrice(price)}</Amount>
        </Text>
        <Text fw={600} size="sm" c="var(--mantine-color-orange-light-color)">
          <Amount>{formatPoints(points)}</Amount>
        </Text>
      </Group>
    </Card>
  );
}
