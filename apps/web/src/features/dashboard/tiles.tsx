import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './tiles.module.css';

type Icon = ComponentType<{ size?: number | string; stroke?: number | string }>;

export function StatTile({
  label,
  value,
  icon: Icon,
  to,
}: {
  label: string;
  value: ReactNode;
  icon: Icon;
  to?: string;
}) {
  const body = (
    <Group wrap="nowrap" gap="sm">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
        <Icon size={22} />
      </ThemeIcon>
      <div>
        <Text fz={22} fw={700} lh={1.1}>
          {value}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </div>
    </Group>
  );
  return to ? (
    <Paper component={Link} to={to} withBorder p="md" radius="md" className={classes.link}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  );
}

export interface Shortcut {
  label: string;
  to: string;
  icon: Icon;
}

/**
 * The home's grids are CSS grids of their own rather than Mantine's SimpleGrid, which renders a
 * <style> in the body for each grid (build/first-screen-html.ts, moveProviderStyles, says what that costs).
 */
export function ShortcutGrid({ items }: { items: Shortcut[] }) {
  return (
    <div className={classes.shortcuts}>
      {items.map((s) => (
        <Paper key={s.to} component={Link} to={s.to} withBorder p="sm" radius="md" className={classes.shortcut}>
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <s.icon size={22} />
          </ThemeIcon>
          <Text size="xs" fw={600} ta="center" lh={1.25}>
            {s.label}
          </Text>
        </Paper>
      ))}
    </div>
  );
}
