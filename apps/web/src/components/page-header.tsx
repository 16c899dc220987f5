import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import classes from './page-header.module.css';

/** A screen title with an optional back link; the arrow mirrors in Arabic. */
export function PageHeader({ title, back, actions }: { title: ReactNode; back?: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" mb="md" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {back && (
          <ActionIcon component={Link} to={back} variant="subtle" size="lg" aria-label={t('common.back')}>
            <IconArrowLeft className={classes.backIcon} />
          </ActionIcon>
        )}
        <Title order={1} size="h3">
          {title}
        </Title>
      </Group>
      {actions && <div style={{ flexShrink: 0 }}>{actions}</div>}
    </Group>
  );
}
