import { LIMITS } from '@loyalty/contract/constants';
import { Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadingScreen } from '../../components/loading-screen';
import { type ListBody, type RequestKind, type RequestOf, useRequestList } from './api';
import { CountedList } from './counted-list';

export interface RequestListProps<K extends RequestKind> {
  kind: K;
  /** What narrows the list besides the page (offer requests: status, customer mobile). */
  filter?: Omit<ListBody<K>, 'pageNum' | 'limit'>;
  /** Pages of LIMITS.pageSize (Done, search, redeems); otherwise one list of up to LIMITS.listLimit. */
  paged?: boolean;
  renderRow: (row: RequestOf<K>) => ReactNode;
  emptyText: string;
  countTestId?: string;
}

/** A list of offer or redeem requests with its count, loading state, empty text and, when paged, pagination. */
export function RequestList<K extends RequestKind>({
  kind,
  filter,
  paged = false,
  renderRow,
  emptyText,
  countTestId,
}: RequestListProps<K>) {
  const [page, setPage] = useState(1);
  const limit = paged ? LIMITS.pageSize : LIMITS.listLimit;
  const list = useRequestList(kind, { ...filter, pageNum: paged ? page : 1, limit } as ListBody<K>);

  if (list.isLoading) return <LoadingScreen fullHeight={false} />;
  return (
    <Stack gap="sm">
      <CountedList
        data={list.data as { count: number; rows: RequestOf<K>[] } | undefined}
        renderRow={renderRow}
        emptyText={emptyText}
        countTestId={countTestId}
        page={page}
        pageSize={paged ? limit : undefined}
        onPageChange={setPage}
      />
    </Stack>
  );
}
