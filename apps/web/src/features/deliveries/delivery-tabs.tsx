import type { DeliveryRow as Row } from '@loyalty/contract';
import { Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { RowList } from '../../components/row-card';
import { formatNumber } from '../../lib/format';
import { useDeliveries } from './api';
import { DeliveryRow } from './delivery-row';

function DeliveryList({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="delivery-count">
        {t('deliveries.count', { formatted: formatNumber(rows.length) })}
      </Text>
      {rows.length === 0 ? (
        <EmptyState text={t('deliveries.empty')} />
      ) : (
        <RowList rows={rows}>{(r) => <DeliveryRow row={r} />}</RowList>
      )}
    </Stack>
  );
}

/** The courier's deliveries in tabs Pending and InProgress (SPEC §2, §4). */
export function DeliveryTabs() {
  const { t } = useTranslation();
  const lists = useDeliveries();
  if (lists.isLoading) return <LoadingScreen fullHeight={false} />;
  return (
    <Tabs defaultValue="pending" keepMounted={false}>
      <Tabs.List grow mb="sm">
        <Tabs.Tab value="pending">{t('deliveries.tabs.pending')}</Tabs.Tab>
        <Tabs.Tab value="inProgress">{t('deliveries.tabs.inProgress')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="pending">
        <DeliveryList rows={lists.data?.pendingDeliveryProductRequests ?? []} />
      </Tabs.Panel>
      <Tabs.Panel value="inProgress">
        <DeliveryList rows={lists.data?.inProgressDeliveryProductRequests ?? []} />
      </Tabs.Panel>
    </Tabs>
  );
}
