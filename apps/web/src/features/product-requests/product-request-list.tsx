import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { RowList } from '../../components/row-card';
import { formatNumber } from '../../lib/format';
import { type ProductRequestTab, useProductRequests } from './api';
import { ProductRequestRow } from './product-request-row';

/** One tab of the product requests sheet: count, empty text or the rows (newest first). */
export function ProductRequestList({ tab }: { tab: ProductRequestTab }) {
  const { t } = useTranslation();
  const list = useProductRequests(tab);
  if (list.isLoading) return <LoadingScreen fullHeight={false} />;
  const data = list.data;
  if (!data) return null;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="product-request-count">
        {t('product-requests.count', { formatted: formatNumber(data.count) })}
      </Text>
      {data.rows.length === 0 ? (
        <EmptyState text={t('product-requests.empty')} />
      ) : (
        <RowList rows={data.rows}>{(r) => <ProductRequestRow request={r} />}</RowList>
      )}
    </Stack>
  );
}
