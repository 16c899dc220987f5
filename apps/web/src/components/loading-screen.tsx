import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The generic loading screen (SPEC §2): "Loading Please wait". */
export function LoadingScreen({ fullHeight = true }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullHeight ? '60vh' : 160} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('common.loadingPleaseWait')}</Text>
      </Stack>
    </Center>
  );
}
