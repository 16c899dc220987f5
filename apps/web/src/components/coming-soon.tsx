import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The placeholder of every screen and sheet a later issue fills in. */
export function ComingSoon({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="xl" ta="center" data-testid="coming-soon">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconHourglassHigh size={30} />
      </ThemeIcon>
      {title && <Title order={2}>{title}</Title>}
      <Text fw={600}>{t('common.comingSoon')}</Text>
      <Text c="dimmed" size="sm">
        {t('common.comingSoonText')}
      </Text>
    </Stack>
  );
}
