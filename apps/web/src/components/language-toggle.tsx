import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';

/** Switches between English and Arabic; the choice is saved (SPEC §1). */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  const label = next === 'ar' ? t('common.arabic') : t('common.english');
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      onClick={() => void setLanguage(next)}
      aria-label={t('common.switchTo', { language: label })}
      lang={next}
    >
      {label}
    </Button>
  );
}
