import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './employees.module.css';

/** A form shown in place of a sheet's list, with a way back to the list. */
export function SubView({ title, onBack, children }: { title: string; onBack: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        <Anchor component="button" type="button" onClick={onBack} aria-label={t('employees.backToList')}>
          <IconArrowLeft size={20} className={classes.backIcon} />
        </Anchor>
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}
