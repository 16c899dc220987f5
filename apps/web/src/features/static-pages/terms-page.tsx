import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { PageFrame } from './page-frame';

/** The date of the terms: DEFAULTS.termsDate ("07 October 2025", SPEC §1) as a calendar date. */
const TERMS_DATE = '2025-10-07';

/** Terms of Service with placeholder text (SPEC §1). */
export function TermsPage() {
  const { t } = useTranslation();
  const sections = ['use', 'accounts', 'points', 'privacy', 'changes'] as const;
  return (
    <PageFrame>
      <Stack gap="md">
        <Title order={1}>{t('static-pages.terms.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('static-pages.terms.updated', { date: formatDate(TERMS_DATE) })}
        </Text>
        <Text>{t('static-pages.terms.intro')}</Text>
        {sections.map((s) => (
          <section key={s}>
            <Title order={2} size="h5" mb={4}>
              {t(`static-pages.terms.sections.${s}.title`)}
            </Title>
            <Text>{t(`static-pages.terms.sections.${s}.body`)}</Text>
          </section>
        ))}
        <Anchor component={Link} to="/">
          {t('common.back')}
        </Anchor>
      </Stack>
    </PageFrame>
  );
}
