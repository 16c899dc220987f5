import type { ProductRequest } from '@loyalty/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bdi, OneLine } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { RowCard, RowList } from '../../components/row-card';
import { localized } from '../../lib/localized';

/** Where an assignment stands, from the courier's point of view. */
const stateOf = (r: ProductRequest) => {
  if (r.isCanceled) return { key: 'canceled', color: 'red' };
  if (r.status === 'refund.pending' || r.status === 'refund.done') return { key: 'refunded', color: 'gray' };
  if (r.deliveryStatus === 'done' || r.status === 'done') return { key: 'done', color: 'teal' };
  if (r.deliveryStatus === 'inProgress') return { key: 'inProgress', color: 'blue' };
  return { key: 'pending', color: 'orange' };
};

/** The product requests assigned to a courier (Employee Info tab), each linking to its details. */
export function AssignmentList({ requests }: { requests: ProductRequest[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="courier-assignments">
      <RowList rows={requests}>
        {(r) => {
          const state = stateOf(r);
          return (
            <RowCard to={`/productrequest/${r.id}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <OneLine fw={600}>{r.user.name}</OneLine>
                  <Text size="sm" c="dimmed" truncate>
                    <Ltr>#{r.id}</Ltr> · <Bdi>{localized(r.Product, 'name')}</Bdi>
                  </Text>
                </Stack>
                <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
                  {t(`employees.assignment.${state.key}`)}
                </Badge>
              </Group>
            </RowCard>
          );
        }}
      </RowList>
    </div>
  );
}
