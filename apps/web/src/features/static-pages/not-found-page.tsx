import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md" component="main">
      <Stack align="center" ta="center" gap="sm">
        <Text fz={56} fw={800} c="teal" aria-hidden>
          404
        </Text>
        <Title order={1} size="h3">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" mt="sm">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
