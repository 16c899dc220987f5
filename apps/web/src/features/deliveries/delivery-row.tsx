import type { DeliveryRow as Row } from '@loyalty/contract';
import { Stack, Text } from '@mantine/core';
import { Bdi } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { RowCard } from '../../components/row-card';
import { localized } from '../../lib/localized';

/** One delivery: customer, product and where to take it; links to /deliveryProduct/{id}. */
export function DeliveryRow({ row: r }: { row: Row }) {
  const a = r.UserAddress?.Address;
  return (
    <RowCard to={`/deliveryProduct/${r.id}`} testId="delivery-row">
      <Stack gap={2}>
        <Text fw={600} truncate>
          <Bdi>{r.User.name}</Bdi>
        </Text>
        <Text size="sm" truncate>
          <Bdi>{localized(r.Product, 'name')}</Bdi>
        </Text>
        <Text size="xs" c="dimmed" truncate>
          <Ltr>#{r.id}</Ltr> · <Bdi>{a ? `${a.address1}, ${a.area}` : r.Branch.branchName}</Bdi>
        </Text>
      </Stack>
    </RowCard>
  );
}
