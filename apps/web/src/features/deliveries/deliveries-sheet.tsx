import { Button, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SheetProps } from '../../lib/menu';
import { DeliveryTabs } from './delivery-tabs';

/** Settings → Available deliveries (couriers, SPEC §2): the same tabs as /availableDeliveries. */
export default function DeliveriesSheet(_: SheetProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <DeliveryTabs />
      <Button component={Link} to="/availableDeliveries" variant="light" leftSection={<IconExternalLink size={16} />}>
        {t('deliveries.openPage')}
      </Button>
    </Stack>
  );
}
