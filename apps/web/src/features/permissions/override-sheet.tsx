import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen';
import type { SheetProps } from '../../lib/menu';
import { useOverrideSettings } from './api';
import { OverridePinForm } from './override-pin-form';
import { ThresholdsForm } from './thresholds-form';

/**
 * Settings → "Manager PIN and approvals" (issue 27): whether a PIN is set or locked, the form that
 * sets it, and the thresholds above which a staff member's action needs the manager.
 */
export default function OverrideSheet(_: SheetProps) {
  const { t } = useTranslation();
  const settings = useOverrideSettings();
  if (settings.isLoading) return <LoadingScreen fullHeight={false} />;
  if (!settings.data)
    return (
      <Alert color="red" title={t('permissions.override.loadFailed')}>
        <Button variant="light" color="red" size="xs" onClick={() => settings.refetch()}>
          {t('permissions.retry')}
        </Button>
      </Alert>
    );
  const s = settings.data;
  return (
    <Stack gap="md">
      <Text size="sm">{t('permissions.override.explain')}</Text>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('permissions.override.status')}:
        </Text>
        <Text size="sm" c={s.locked ? 'red' : s.pinSet ? 'teal' : 'dimmed'} data-testid="override-status">
          {s.locked
            ? t('permissions.override.locked')
            : s.pinSet
              ? t('permissions.override.isSet')
              : t('permissions.override.notSet')}
        </Text>
      </Group>
      <OverridePinForm />
      <Divider />
      <Title order={3} size="h5">
        {t('permissions.override.thresholds')}
      </Title>
      <ThresholdsForm key={`${s.redeemPointsAbove}-${s.refunds}`} settings={s} />
    </Stack>
  );
}
