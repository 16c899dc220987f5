import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './brand-logo.module.css';

export function BrandLogo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <Group gap="xs" justify="center" wrap="nowrap">
      <ThemeIcon size={large ? 52 : 36} radius="md" aria-hidden>
        <IconGift size={large ? 30 : 22} />
      </ThemeIcon>
      <Text fw={800} className={`${classes.name} ${large ? classes.lg : classes.md}`} data-testid="app-title">
        {t('app.name')}
      </Text>
    </Group>
  );
}
