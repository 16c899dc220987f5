import type { DeliveryRow as Row } from '@loyalty/contract';
import { Stack, Text } from '@mantine/core';
import { Bdi, OneLine } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { RowCard } from '../../components/row-card';
import { localized } from '../../lib/localized';

/** One delivery: customer, product and where to take it; links to /deliveryProduct/{id}. */
export function DeliveryRow({ row: r }: { row: Row }) {
  const a = r.UserAddress?.Address;
  return (
    <RowCard to={`/deliveryProduct/${r.id}`} testId="delivery-row">
      <Stack gap={2}>
        <OneLine fw={600}>{r.User.name}</OneLine>
        <OneLine size="sm">{localized(r.Product, 'name')}</OneLine>
        <Text size="xs" c="dimmed" truncate>
          <Ltr>#{r.id}</Ltr> · <Bdi>{a ? `${a.address1}, ${a.area}` : localized(r.Branch, 'branchName')}</Bdi>
        </Text>
      </Stack>
    </RowCard>
  );
}
