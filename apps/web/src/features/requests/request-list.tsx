import { LIMITS, type OfferRequestStatus } from '@loyalty/contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { LoadingScreen } from '../../components/loading-screen';
import { useRequestList } from './api';
import { CountedList } from './counted-list';
import { RequestRow } from './request-row';
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
  const role = useRequestRole();
  const [page, setPage] = useState(1);
  const limit = paged ? LIMITS.pageSize : LIMITS.listLimit;
  const list = useRequestList(role, { status, mobile, pageNum: paged ? page : 1, limit });

  if (list.isLoading) return <LoadingScreen fullHeight={false} />;
  return (
    <Stack gap="sm">
      <CountedList
        data={list.data}
        renderRow={(r) => <RequestRow request={r} withBadge={withBadge} />}
        emptyText={emptyText}
        countTestId="request-count"
        page={page}
        pageSize={paged ? limit : undefined}
        onPageChange={setPage}
      />
    </Stack>
  );
}
