import { Button, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import type { SheetProps } from '../../lib/menu';
import { usePointsHistory } from './api';
import { HistoryRow } from './history-row';

/** The settings entry "Points history": the latest five movements and the way to the whole history. */
export default function HistorySheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const history = usePointsHistory(1, 5);
  const rows = history.data?.rows ?? [];
  return (
    <Stack gap="sm">
      {history.isLoading && <LoadingScreen fullHeight={false} />}
      {history.isSuccess && rows.length === 0 && <EmptyState text={t('transactions.empty')} />}
      {rows.length > 0 && (
        <Paper withBorder radius="md">
          {rows.map((r) => (
            <HistoryRow key={r.id} row={r} onOpen={onClose} />
          ))}
        </Paper>
      )}
      <Button component={Link} to="/transactiondetails" onClick={onClose} variant="light">
        {t('transactions.seeAll')}
      </Button>
    </Stack>
  );
}
