import type { DeliveryRow } from '@loyalty/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bdi, OneLine } from '../../components/bidi';
import { RowCard } from '../../components/row-card';
import { api } from '../../lib/api';
import { formatNumber, isolate } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useMerchantUserMe } from '../../lib/queries/me';
import { queryKeys } from '../../lib/query-keys';
import { StatTile } from './tiles';
import { useLeaveOnError } from './use-leave-on-error';

/** The courier's deliveries, the same query (and cache) as /availableDeliveries; the live feed refreshes it. */
const useMyDeliveries = () =>
  useQuery({ queryKey: queryKeys.deliveries.list(), queryFn: () => api.call('merchantUser/product/req/list', {}) });

/** delivery: their deliveries listed on the home, on the way first, each one tap from its page (issue 26). */
export function DeliveryDashboard() {
  const { t } = useTranslation();
  const me = useMerchantUserMe();
  useLeaveOnError(me.error);
  const list = useMyDeliveries();
  const name = me.data ? me.data.merchantUser.fName : '';
  const rows = list.data
    ? [...list.data.inProgressDeliveryProductRequests, ...list.data.pendingDeliveryProductRequests]
    : [];

  return (
    <Stack gap="md" data-testid="delivery-dashboard">
      <Title order={1} size="h3">
        {name ? t('dashboard.welcome', { name: isolate(name) }) : t('nav.dashboard')}
      </Title>
      <StatTile
        label={t('dashboard.availableDeliveries')}
        value={me.data ? formatNumber(me.data.counts.pendingDeliveries) : '…'}
        icon={IconTruckDelivery}
        to="/availableDeliveries"
      />
      <Paper withBorder p="md" radius="md" data-testid="my-deliveries">
        <Stack gap="xs">
          <Title order={2} size="h5">
            {t('dashboard.courier.myDeliveries')}
          </Title>
          {list.isPending && (
            <Text size="sm" c="dimmed">
              {t('dashboard.waits.loading')}
            </Text>
          )}
          {list.isError && (
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="red">
                {t('dashboard.waits.failed')}
              </Text>
              <Button size="xs" variant="default" onClick={() => list.refetch()}>
                {t('dashboard.waits.retry')}
              </Button>
            </Group>
          )}
          {list.isSuccess && rows.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="no-deliveries">
              {t('dashboard.courier.noDeliveries')}
            </Text>
          )}
          {rows.map((r) => (
            <Delivery key={r.id} r={r} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function Delivery({ r }: { r: DeliveryRow }) {
  const { t } = useTranslation();
  const onTheWay = r.deliveryStatus === 'inProgress';
  const address = r.UserAddress?.Address;
  return (
    <RowCard to={`/deliveryProduct/${r.id}`} testId="my-delivery">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <OneLine fw={600}>{r.User.name}</OneLine>
          <Badge color={onTheWay ? 'blue' : 'orange'} variant="light">
            {onTheWay ? t('dashboard.courier.inProgress') : t('dashboard.courier.pending')}
          </Badge>
        </Group>
        <Text size="sm">
          <Bdi>{localized(r.Product, 'name')}</Bdi>
        </Text>
        {address && (
          <Text size="xs" c="dimmed">
            <Bdi>{[address.address1, address.area, address.city].filter(Boolean).join(', ')}</Bdi>
          </Text>
        )}
      </Stack>
    </RowCard>
  );
}
