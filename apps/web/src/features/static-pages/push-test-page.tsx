import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { pushSupported, registerPush } from '../../lib/push';

const permissionNow = () => (pushSupported() ? Notification.permission : 'unsupported');

/**
 * The push notification test screen (SPEC §2): the permission state, registering this device (asks
 * for permission where needed) and sending a test notification to it through the server.
 */
export function PushTestPage() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(permissionNow);
  const register = useAppMutation({ mutationFn: () => registerPush() });
  const refresh = { onSettled: () => setPermission(permissionNow()) };
  const send = useAppMutation({
    mutationFn: async () => {
      // registering first makes sure this session has this device (idempotent on the server)
      if ((await registerPush()) !== 'registered') return null;
      const res = await api.call('merchant/push/test', {});
      // nothing reached this device: a failure, toasted by the query client like any other
      if (res.sent === 0) throw new Error(res.failed > 0 ? 'msg.pushRegistrationError' : 'msg.pushNotRegistered');
      return res;
    },
    success: (res) => (res ? 'msg.pushTestSent' : undefined),
  });
  const unsupported = permission === 'unsupported';
  return (
    <Stack gap="md">
      <PageHeader title={t('static-pages.push.title')} back="/setting" />
      <Group gap="xs">
        <Text size="sm">{t('static-pages.push.permission')}</Text>
        <Badge variant="light" data-testid="push-permission">
          {t(`static-pages.push.states.${permission}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('static-pages.push.explain')}
      </Text>
      <Group>
        <Button
          variant="light"
          onClick={() => register.mutate(undefined, refresh)}
          loading={register.isPending}
          disabled={unsupported}
        >
          {t('static-pages.push.register')}
        </Button>
        <Button onClick={() => send.mutate(undefined, refresh)} loading={send.isPending} disabled={unsupported}>
          {t('static-pages.push.send')}
        </Button>
      </Group>
    </Stack>
  );
}
