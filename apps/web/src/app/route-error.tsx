import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';

/** A screen that failed to load or render (often a new deployment replaced its chunk). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" ta="center" maw={380}>
        <Title order={1} size="h3">
          {t('common.somethingWentWrong')}
        </Title>
        <Text c="dimmed">{t('common.pageFailed')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
          <Button component={Link} to="/" variant="default" reloadDocument>
            {t('common.goHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
