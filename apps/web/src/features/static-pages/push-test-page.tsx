import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { PageHeader } from '../../components/page-header';

/** The push notification test screen (SPEC §2); the push issue fills it in. */
export function PushTestPage() {
  const { t } = useTranslation();
  const permission = typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
  return (
    <Stack gap="md">
      <PageHeader title={t('static-pages.push.title')} back="/setting" />
      <Group gap="xs">
        <Text size="sm">{t('static-pages.push.permission')}</Text>
        <Badge variant="light">{t(`static-pages.push.states.${permission}`)}</Badge>
      </Group>
      <ComingSoon />
    </Stack>
  );
}
