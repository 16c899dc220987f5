import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageFrame } from './page-frame';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <Stack gap="md">
        <Title order={1}>{t('static-pages.about.title')}</Title>
        <Text>{t('static-pages.about.p1')}</Text>
        <Text>{t('static-pages.about.p2')}</Text>
        <Anchor component={Link} to="/">
          {t('common.back')}
        </Anchor>
      </Stack>
    </PageFrame>
  );
}
