import { Stack, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber, isolate } from '../../lib/format';
import { useMerchantUserMe } from '../../lib/queries/me';
import { StatTile } from './tiles';
import { useLeaveOnError } from './use-leave-on-error';

/** delivery: an entry to the available deliveries (SPEC §2). */
export function DeliveryDashboard() {
  const { t } = useTranslation();
  const me = useMerchantUserMe();
  useLeaveOnError(me.error);
  const name = me.data ? me.data.merchantUser.fName : '';

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
    </Stack>
  );
}
