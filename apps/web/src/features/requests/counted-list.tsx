import { Center, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { RowList } from '../../components/row-card';
import { formatNumber } from '../../lib/format';

export interface CountedListProps<R extends { id: number }> {
  /** One page of rows and the count of all of them; nothing is shown while it is undefined. */
  data: { count: number; rows: R[] } | undefined;
  renderRow: (row: R) => ReactNode;
  emptyText: string;
  countTestId?: string;
  page: number;
  /** The rows a page holds; without it there is no pagination, else it shows from two pages on. */
  pageSize?: number;
  onPageChange: (page: number) => void;
}

/** The count of the requests, the empty text or the rows as a list, and the pagination. */
export function CountedList<R extends { id: number }>({
  data,
  renderRow,
  emptyText,
  countTestId,
  page,
  pageSize,
  onPageChange,
}: CountedListProps<R>) {
  const { t } = useTranslation();
  const pages = data && pageSize ? Math.max(1, Math.ceil(data.count / pageSize)) : 1;
  return (
    <>
      {data && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={countTestId}>
          {t('requests.count', { formatted: formatNumber(data.count) })}
        </Text>
      )}
      {data?.rows.length === 0 && <EmptyState text={emptyText} />}
      {data && data.rows.length > 0 && <RowList rows={data.rows}>{renderRow}</RowList>}
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`requests.page.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('requests.page.number', { n }) })}
          />
        </Center>
      )}
    </>
  );
}
