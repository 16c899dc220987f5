import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SheetProps } from '../../lib/menu';
import { AssignDeliveryForm } from './assign-delivery-form';
import { ProductRequestList } from './product-request-list';

/**
 * Settings → Product requests (SPEC §2): tabs PickUp, Delivery and Canceled; rows link to
 * /productrequest/{id}; the Delivery tab holds the assign-delivery form.
 */
export default function ProductRequestsSheet(_: SheetProps) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="pickup" keepMounted={false}>
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
  );
}
