import { Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../lib/query-client';
import { LoadingScreen } from './loading-screen';
import { NotFoundState } from './not-found-state';
import { PageHeader } from './page-header';

export interface DetailScreenProps<T> {
  /** The route's id (`useIdParam()`), null when it is not an id. */
  id: number | null;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isFetching' | 'refetch'>;
  /** The header's title while there is nothing to show, and where its back link leads. */
  title: string;
  back: string;
  children: (data: T) => ReactNode;
}

/**
 * Every detail screen's states in one place: loading, not found (no id, or the server answers 404
 * for a missing or foreign id), failed (the toast told why; try again), or the content.
 */
export function DetailScreen<T>({ id, query, title, back, children }: DetailScreenProps<T>) {
  const { t } = useTranslation();
  if (id === null || isNotFound(query.error)) return <NotFoundState title={title} back={back} />;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error)
    return (
      <>
        <PageHeader title={title} back={back} />
        <Stack align="center" ta="center" gap="sm" py="xl" data-testid="load-failed">
          <Text c="dimmed">{t('detail.loadFailed')}</Text>
          <Button variant="light" onClick={() => query.refetch()} loading={query.isFetching}>
            {t('detail.tryAgain')}
          </Button>
        </Stack>
      </>
    );
  return <LoadingScreen />;
}
