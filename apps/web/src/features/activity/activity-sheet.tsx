import { Button, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import type { SheetProps } from '../../lib/menu';
import { useCurrencyDisplay } from '../../lib/money';
import { ActivityRow } from './activity-row';
import { useActivity } from './api';

/** The settings entry "Activity log": the latest five actions and the way to the whole log at /activity. */
export default function ActivitySheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const latest = useActivity({}, 1, 5);
  const display = useCurrencyDisplay();
  const rows = latest.data?.rows ?? [];
  return (
    <Stack gap="sm">
      {latest.isLoading && <LoadingScreen fullHeight={false} />}
      {latest.isSuccess && rows.length === 0 && <EmptyState text={t('activity.empty')} />}
      {rows.length > 0 && (
        <Paper withBorder radius="md">
          {rows.map((e) => (
            <ActivityRow key={e.id} entry={e} display={display} />
          ))}
        </Paper>
      )}
      <Button component={Link} to="/activity" onClick={onClose} variant="light">
        {t('activity.seeAll')}
      </Button>
    </Stack>
  );
}
