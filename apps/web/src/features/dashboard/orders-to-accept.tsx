import type { ProductRequest } from '@loyalty/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconGift, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AcceptCountdown } from '../../components/accept-countdown';
import { Bdi, OneLine } from '../../components/bidi';
import { RowCard } from '../../components/row-card';
import { formatNumber } from '../../lib/format';
import { localized } from '../../lib/localized';
import { type HomeRole, ordersToAcceptQuery, withoutCourierQuery } from './home-queries';
import { StatTile } from './tiles';

/**
 * The new orders waiting to be accepted, oldest first, fetched with `me` (not after it): the
 * dashboard waits for both, so that it is drawn once, whole, and nothing under the list moves when
 * it arrives. The live feed refreshes it with every product request event (the lists' keys).
 */
export const useOrdersToAccept = (role: HomeRole) => useQuery(ordersToAcceptQuery(role));

const useWithoutCourier = (role: HomeRole, waiting: number) =>
  useQuery({ ...withoutCourierQuery(role), enabled: waiting > 0 });

export interface Waiting {
  ordersToAccept: number;
  deliveriesWithoutCourier: number;
  pendingRequests: number;
  pendingRedeems: number;
}

/**
 * The home's "what waits" (issue 26): the orders to accept with their countdown, the deliveries
 * without a courier, and the offer requests and redeems pending, each one tap from where it is
 * handled; "nothing waits" when all are done.
 */
export function WhatWaits({ as: role, waiting }: { as: HomeRole; waiting: Waiting }) {
  const { t } = useTranslation();
  const toAccept = useOrdersToAccept(role);
  const noCourier = useWithoutCourier(role, waiting.deliveriesWithoutCourier);
  const nothing = Object.values(waiting).every((n) => n === 0);
  return (
    <Stack gap="sm" data-testid="what-waits">
      <Title order={2} size="h5">
        {t('dashboard.waits.title')}
      </Title>
      {nothing && (
        <Text size="sm" c="dimmed" data-testid="nothing-waits">
          {t('dashboard.waits.nothing')}
        </Text>
      )}
      {waiting.ordersToAccept > 0 && (
        <OrderList
          title={t('dashboard.toAccept')}
          count={waiting.ordersToAccept}
          query={toAccept}
          testId="orders-to-accept"
          rowTestId="order-to-accept"
          countdown
        />
      )}
      {waiting.deliveriesWithoutCourier > 0 && (
        <OrderList
          title={t('dashboard.waits.noCourier')}
          count={waiting.deliveriesWithoutCourier}
          query={noCourier}
          testId="deliveries-without-courier"
          rowTestId="delivery-without-courier"
        />
      )}
      <SimpleGrid cols={2} spacing="sm">
        <StatTile
          label={t('dashboard.pendingRequests')}
          value={formatNumber(waiting.pendingRequests)}
          icon={IconListCheck}
          to="/search"
        />
        <StatTile
          label={t('dashboard.waits.redeems')}
          value={formatNumber(waiting.pendingRedeems)}
          icon={IconGift}
          to="/redeems"
        />
      </SimpleGrid>
    </Stack>
  );
}

function OrderList({
  title,
  count,
  query,
  testId,
  rowTestId,
  countdown = false,
}: {
  title: string;
  count: number;
  query: { data?: ProductRequest[]; isPending: boolean; isError: boolean; refetch: () => unknown };
  testId: string;
  rowTestId: string;
  countdown?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{title}</Text>
          <Text fw={700} data-testid={`${testId}-count`}>
            <Bdi>{formatNumber(count)}</Bdi>
          </Text>
        </Group>
        {query.isPending && (
          <Text size="sm" c="dimmed">
            {t('dashboard.waits.loading')}
          </Text>
        )}
        {query.isError && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="red">
              {t('dashboard.waits.failed')}
            </Text>
            <Button size="xs" variant="default" onClick={() => query.refetch()}>
              {t('dashboard.waits.retry')}
            </Button>
          </Group>
        )}
        {query.data?.map((r) => (
          <RowCard key={r.id} to={`/productrequest/${r.id}`} testId={rowTestId}>
            <Stack gap={4}>
              <OneLine fw={600}>{r.user.name}</OneLine>
              <Text size="sm">
                <Bdi>{localized(r.Product, 'name')}</Bdi>
              </Text>
              {countdown && r.acceptBy && <AcceptCountdown until={r.acceptBy} />}
            </Stack>
          </RowCard>
        ))}
      </Stack>
    </Paper>
  );
}
