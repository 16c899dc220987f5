import { NavLink, Paper, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '../../lib/menu';
import classes from './settings.module.css';

export function MenuList({
  title,
  entries,
  onOpen,
}: {
  title: string;
  entries: MenuEntry[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <Text fw={700} size="sm" c="dimmed" mb={6} tt="uppercase">
        {title}
      </Text>
      <Paper withBorder radius="md" className={classes.list}>
        {entries.map((e) => (
          <NavLink
            key={e.id}
            component="button"
            type="button"
            label={t(e.labelKey)}
            leftSection={<e.icon size={20} aria-hidden />}
            rightSection={<IconChevronRight size={16} className={classes.chevron} aria-hidden />}
            onClick={() => onOpen(e.id)}
            aria-haspopup="dialog"
            data-entry={e.id}
          />
        ))}
      </Paper>
    </section>
  );
}
