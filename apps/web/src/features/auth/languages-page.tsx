import type { Language } from '@loyalty/contract';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setLanguage } from '../../lib/i18n';
import { AuthLayout } from './auth-layout';

/**
 * Choose Arabic or English (default English); Continue goes to /setting (SPEC §2). The choice is the
 * app's language itself, so the switch in the header moves it too.
 */
export function LanguagesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const choice: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const choose = (value: string) => void setLanguage(value === 'ar' ? 'ar' : 'en');

  return (
    <AuthLayout title={t('auth.languages.title')} subtitle={t('auth.languages.subtitle')}>
      <Radio.Group value={choice} onChange={choose} name="language" label={t('auth.languages.label')}>
        <Stack gap="sm" mt="sm">
          <Radio.Card value="en" p="md" radius="md" lang="en" data-testid="language-en">
            <Group wrap="nowrap">
              <Radio.Indicator />
              <Text fw={600}>English</Text>
            </Group>
          </Radio.Card>
          <Radio.Card value="ar" p="md" radius="md" lang="ar" data-testid="language-ar">
            <Group wrap="nowrap">
              <Radio.Indicator />
              <Text fw={600}>العربية</Text>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>
      <Button fullWidth onClick={() => navigate('/setting')}>
        {t('common.continue')}
      </Button>
    </AuthLayout>
  );
}
