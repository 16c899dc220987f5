import { LIMITS, type OfferRequestStatus } from '@loyalty/contract';
import { Center, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { formatNumber } from '../../lib/format';
import { useRequestList } from './api';
import { RequestRow } from './request-row';
import classes from './requests.module.css';
import { useRequestRole } from './use-request-role';

export interface RequestListProps {
  status?: OfferRequestStatus;
  mobile?: string;
  /** Pages of LIMITS.pageSize (Done, search); otherwise one list of up to LIMITS.listLimit. */
  paged?: boolean;
  withBadge?: boolean;
  emptyText: string;
}

/** A list of offer requests with its count, loading state, empty text and, when paged, pagination. */
export function RequestList({ status, mobile, paged = false, withBadge = false, emptyText }: RequestListProps) {
  const { t } = useTranslation();
  const role = useRequestRole();
  const [page, setPage] = useState(1);
  const limit = paged ? LIMITS.pageSize : LIMITS.listLimit;
  const list = useRequestList(role, { status, mobile, pageNum: paged ? page : 1, limit });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / limit)) : 1;

  if (list.isLoading) return <LoadingScreen fullHeight={false} />;
  return (
    <Stack gap="sm">
      {list.data && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="request-count">
          {t('requests.count', { formatted: formatNumber(list.data.count) })}
        </Text>
      )}
      {list.data?.rows.length === 0 && <EmptyState text={emptyText} />}
      {list.data && list.data.rows.length > 0 && (
        <Stack gap="xs" component="ul" className={classes.list}>
          {list.data.rows.map((r) => (
            <li key={r.id}>
              <RequestRow request={r} withBadge={withBadge} />
            </li>
          ))}
        </Stack>
      )}
      {paged && pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`requests.page.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('requests.page.number', { n }) })}
          />
        </Center>
      )}
    </Stack>
  );
}
