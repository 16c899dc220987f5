import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../lib/use-sign-out';

/**
 * Shown to a stored role other than merchant, merchantUser or delivery (SPEC §6). Its button signs
 * out; `onLogout` replaces that when nothing was stored (a refused login).
 */
export function NotAuthorized({ onLogout }: { onLogout?: () => void }) {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" ta="center" gap="md" maw={360}>
        <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden>
          <IconLock size={34} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('guard.notAuthorizedTitle')}
        </Title>
        <Text role="alert">{t('msg.notAuthorizedApp')}</Text>
        <Button onClick={onLogout ?? signOut} loading={pending} color="red" variant="light">
          {t('common.logout')}
        </Button>
      </Stack>
    </Center>
  );
}
