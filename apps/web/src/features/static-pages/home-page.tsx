import { Anchor, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { PageFrame } from './page-frame';

/**
 * The landing page, with the way in (login) and the way to join (register); someone signed in is
 * offered the way back to the dashboard instead (issue 23).
 */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const points = ['offers', 'requests', 'products', 'staff'] as const;
  return (
    <PageFrame>
      <Stack gap="lg" py="md">
        <Title order={1}>{t('static-pages.home.title')}</Title>
        <Text size="lg" c="dimmed">
          {t('static-pages.home.lead')}
        </Text>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {points.map((p) => (
            <List.Item key={p}>{t(`static-pages.home.points.${p}`)}</List.Item>
          ))}
        </List>
        {token ? (
          <Button component={Link} to="/dashboard" size="md">
            {t('static-pages.home.toDashboard')}
          </Button>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to="/login" size="md">
              {t('static-pages.home.login')}
            </Button>
            <Button component={Link} to="/register" size="md" variant="light">
              {t('static-pages.home.register')}
            </Button>
          </Stack>
        )}
        <Group justify="center" gap="lg">
          <Anchor component={Link} to="/about" size="sm">
            {t('static-pages.about.title')}
          </Anchor>
          <Anchor component={Link} to="/terms" size="sm">
            {t('static-pages.terms.title')}
          </Anchor>
        </Group>
      </Stack>
    </PageFrame>
  );
}
