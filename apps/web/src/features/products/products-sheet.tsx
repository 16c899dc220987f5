import { Button, Group, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import type { SheetProps } from '../../lib/menu';
import { useSession } from '../../lib/session';
import { useProductList } from './api';
import { ProductCard } from './product-card';
import { ProductForm } from './product-form';

/** The products sheet: tabs In Stock and Out Of Stock (by stockAmount), a 2-column grid, Add Product for merchants. */
export default function ProductsSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  const staffRole = role === 'merchant' ? 'merchant' : 'merchantUser';
  const products = useProductList(staffRole);
  const [tab, setTab] = useState<string | null>('inStock');
  const [adding, setAdding] = useState(false);
  const rows = products.data?.rows ?? [];

  if (adding)
    return (
      <Stack gap="sm">
        <BackButton label={t('products.backToList')} onClick={() => setAdding(false)} />
        <ProductForm onDone={() => setAdding(false)} />
      </Stack>
    );

  const grid = (inStock: boolean) => {
    const shown = rows.filter((p) => p.stockAmount > 0 === inStock);
    if (products.isLoading) return <LoadingScreen fullHeight={false} />;
    // a failed load is toasted (query client); the empty text is for an answer without products
    if (!products.isSuccess) return null;
    if (shown.length === 0) return <EmptyState text={t('products.empty')} />;
    return (
      <SimpleGrid cols={2} spacing="sm">
        {shown.map((p) => (
          <ProductCard key={p.id} product={p} onOpen={onClose} />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Stack gap="sm">
      {staffRole === 'merchant' && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            size="sm"
            data-opens-form
          >
            {t('products.add')}
          </Button>
        </Group>
      )}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List grow>
          <Tabs.Tab value="inStock">{t('products.inStock')}</Tabs.Tab>
          <Tabs.Tab value="outOfStock">{t('products.outOfStock')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inStock" pt="md" data-testid="products-in-stock">
          {grid(true)}
        </Tabs.Panel>
        <Tabs.Panel value="outOfStock" pt="md" data-testid="products-out-of-stock">
          {grid(false)}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
