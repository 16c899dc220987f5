import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import type { SheetProps } from '../../lib/menu';
import { usePermissionSets } from '../../lib/queries/permission-sets';

/** Settings → Permission sets: how many sets there are, and the way to the screen that manages them. */
export default function PermissionSetsSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const list = usePermissionSets();
  return (
    <Stack gap="sm">
      {list.isLoading && <LoadingScreen fullHeight={false} />}
      {list.data && (
        <Text size="sm">
          {list.data.count === 0 ? t('permissions.empty') : list.data.rows.map((s) => s.name).join(' · ')}
        </Text>
      )}
      <Button component={Link} to="/permission-sets" onClick={onClose} variant="light">
        {t('permissions.manage')}
      </Button>
    </Stack>
  );
}
