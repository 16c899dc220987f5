import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';

/** The bare welcome page (SPEC §2): no navigation, just the welcome. */
export function WelcomePage() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md">
        <BrandLogo size="lg" />
        <Title order={1} size="h2">
          {t('static-pages.welcome.title')}
        </Title>
        <Text c="dimmed">{t('app.tagline')}</Text>
      </Stack>
    </Center>
  );
}
