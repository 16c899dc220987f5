import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { DeliveryTabs } from './delivery-tabs';

/** /availableDeliveries (SPEC §2): the courier's deliveries, tabs Pending and InProgress. */
export function AvailableDeliveriesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <PageHeader title={t('screens.availableDeliveries')} back="/dashboard" />
      <DeliveryTabs />
    </Stack>
  );
}
