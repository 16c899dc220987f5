import type { ProductRequest } from '@loyalty/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AcceptCountdown } from '../../components/accept-countdown';
import { Amount, Bdi, OneLine } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { RowCard } from '../../components/row-card';
import { formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { statusColor, statusKey } from './status';

/**
 * One product request: customer, product and branch, what it costs, and its state (SPEC §4: not
 * canceled shows its status, canceled shows "Order is Canceled"); links to its details.
 */
export function ProductRequestRow({ request: r }: { request: ProductRequest }) {
  const { t } = useTranslation();
  return (
    <RowCard to={`/productrequest/${r.id}`} testId="product-request-row">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <OneLine fw={600}>{r.user.name}</OneLine>
          <OneLine size="sm">{localized(r.Product, 'name')}</OneLine>
          <Text size="xs" c="dimmed" truncate>
            <Ltr>#{r.id}</Ltr> · <Bdi>{localized(r.Branch, 'branchName')}</Bdi>
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600}>
            <Amount>{r.payWith === 'points' ? formatPoints(r.points) : formatPrice(r.price)}</Amount>
          </Text>
          {r.isCanceled ? (
            <Badge color="red" variant="light">
              {t('product-requests.orderCanceled')}
            </Badge>
          ) : (
            <Badge color={statusColor(r.status)} variant="light" data-status={r.status}>
              {t(`product-requests.status.${statusKey(r.status)}`)}
            </Badge>
          )}
          {r.acceptBy && <AcceptCountdown until={r.acceptBy} />}
        </Stack>
      </Group>
    </RowCard>
  );
}
