import type { ProductRequest } from '@loyalty/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconGift, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { AcceptCountdown } from '../../components/accept-countdown';
import { Bdi, OneLine } from '../../components/bidi';
import { RowCard } from '../../components/row-card';
import { formatNumber } from '../../lib/format';
import { localized } from '../../lib/localized';
import { type HomeRole, ordersToAcceptQuery, withoutCourierQuery } from './home-queries';
import { StatTile } from './tiles';
import tiles from './tiles.module.css';

/**
 * The new orders waiting to be accepted, oldest first, fetched with `me` (not after it): the
 * dashboard waits for both, so that it is drawn once, whole, and nothing under the list moves when
 * it arrives. The live feed refreshes it with every product request event (the lists' keys).
 */
export const useOrdersToAccept = (role: HomeRole) => useQuery(ordersToAcceptQuery(role));

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
      {waiting.ordersToAccept > 0 && <OrderList kind="toAccept" role={role} count={waiting.ordersToAccept} />}
      {waiting.deliveriesWithoutCourier > 0 && (
        <OrderList kind="noCourier" role={role} count={waiting.deliveriesWithoutCourier} />
      )}
      <div className={tiles.pair}>
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
      </div>
    </Stack>
  );
}

/** The home's two lists of orders: the new ones to accept (with their countdown), the deliveries without a courier. */
const LISTS = {
  toAccept: {
    title: 'dashboard.toAccept',
    testId: 'orders-to-accept',
    rowTestId: 'order-to-accept',
    countdown: true,
  },
  noCourier: {
    title: 'dashboard.waits.noCourier',
    testId: 'deliveries-without-courier',
    rowTestId: 'delivery-without-courier',
    countdown: false,
  },
} as const;

/**
 * One list, holding its own query: its answer renders this list alone, not the whole of WhatWaits
 * with the other list's rows.
 */
function OrderList({ kind, role, count }: { kind: keyof typeof LISTS; role: HomeRole; count: number }) {
  const { title, testId, rowTestId, countdown } = LISTS[kind];
  const query = useQuery(
    kind === 'toAccept' ? ordersToAcceptQuery(role) : { ...withoutCourierQuery(role), enabled: count > 0 },
  );
  const { t } = useTranslation();
  // A query's answer comes in as an urgent update (TanStack Query's store), which React renders at
  // once, in one task: the rows it brings are drawn in a deferred render instead, in slices that
  // let the browser answer taps in between (as the home itself is: merchant-dashboard.tsx).
  const rows = useDeferredValue(query.data);
  const pending = useDeferredValue(query.isPending);
  const failed = useDeferredValue(query.isError);
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t(title)}</Text>
          <Text fw={700} data-testid={`${testId}-count`}>
            <Bdi>{formatNumber(count)}</Bdi>
          </Text>
        </Group>
        {pending && (
          <Text size="sm" c="dimmed">
            {t('dashboard.waits.loading')}
          </Text>
        )}
        {failed && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="red">
              {t('dashboard.waits.failed')}
            </Text>
            <Button size="xs" variant="default" onClick={() => query.refetch()}>
              {t('dashboard.waits.retry')}
            </Button>
          </Group>
        )}
        {rows && <OrderRows rows={rows} rowTestId={rowTestId} countdown={countdown} />}
      </Stack>
    </Paper>
  );
}

/** The rows, drawn again only when they change (not with every state of the list's query). */
const OrderRows = memo(function OrderRows({
  rows,
  rowTestId,
  countdown,
}: {
  rows: ProductRequest[];
  rowTestId: string;
  countdown: boolean;
}) {
  return rows.map((r) => (
    <RowCard key={r.id} to={`/productrequest/${r.id}`} testId={rowTestId}>
      <Stack gap={4}>
        <OneLine fw={600}>{r.user.name}</OneLine>
        <Text size="sm">
          <Bdi>{localized(r.Product, 'name')}</Bdi>
        </Text>
        {countdown && r.acceptBy && <AcceptCountdown until={r.acceptBy} />}
      </Stack>
    </RowCard>
  ));
});
