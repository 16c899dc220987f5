import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import type { SheetProps } from '../../lib/menu';
import { useSession } from '../../lib/session';
import { AssignDeliveryForm } from './assign-delivery-form';
import { ProductRequestList } from './product-request-list';

/** The export of each tab carries that tab's filter (docs/domain.md, "Exports"). */
const EXPORT_FILTERS: Record<string, Record<string, string | boolean>> = {
  pickup: { type: 'pickup', isCanceled: false },
  delivery: { type: 'delivery', isCanceled: false },
  canceled: { isCanceled: true },
  rejected: { status: 'rejected' },
};

/**
 * Settings → Product requests (SPEC §2): tabs PickUp, Delivery and Canceled; rows link to
 * /productrequest/{id}; the Delivery tab holds the assign-delivery form.
 */
export default function ProductRequestsSheet(_: SheetProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  const [tab, setTab] = useState<string | null>('pickup');
  return (
    <Stack gap="sm">
      {role === 'merchant' && (
        <ExportButton path="merchant/export/product-requests.csv" filters={EXPORT_FILTERS[tab ?? 'pickup']} />
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow mb="sm">
          <Tabs.Tab value="pickup">{t('product-requests.tabs.pickup')}</Tabs.Tab>
          <Tabs.Tab value="delivery">{t('product-requests.tabs.delivery')}</Tabs.Tab>
          <Tabs.Tab value="canceled">{t('product-requests.tabs.canceled')}</Tabs.Tab>
          <Tabs.Tab value="rejected">{t('product-requests.tabs.rejected')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pickup">
          <ProductRequestList tab="pickup" />
        </Tabs.Panel>
        <Tabs.Panel value="delivery">
          <Stack gap="md">
            <AssignDeliveryForm />
            <ProductRequestList tab="delivery" />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="canceled">
          <ProductRequestList tab="canceled" />
        </Tabs.Panel>
        <Tabs.Panel value="rejected">
          <ProductRequestList tab="rejected" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
