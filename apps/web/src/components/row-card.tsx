import { Group, Paper, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './row-card.module.css';

export interface RowCardProps {
  /** A link to the row's page, or… */
  to?: string;
  /** …an action in place (open a form in the same sheet). */
  onClick?: () => void;
  testId?: string;
  children: ReactNode;
}

/**
 * One row of a list (requests, employees, a branch's staff): a bordered card, the whole of it a link
 * or a button, with a chevron at the end of the line (mirrored in Arabic). Put rows in `<RowList>`.
 */
export function RowCard({ to, onClick, testId, children }: RowCardProps) {
  const card = (
    <Paper withBorder radius="md" p="sm" className={classes.card}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div className={classes.content}>{children}</div>
        <IconChevronRight size={18} className={classes.chevron} aria-hidden />
      </Group>
    </Paper>
  );
  if (to)
    return (
      <UnstyledButton component={Link} to={to} onClick={onClick} className={classes.button} data-testid={testId}>
        {card}
      </UnstyledButton>
    );
  return (
    <UnstyledButton onClick={onClick} className={classes.button} data-testid={testId} data-opens-form={testId ?? 'row'}>
      {card}
    </UnstyledButton>
  );
}

/** The list around rows: a `<ul>` without bullets, rows a small gap apart. */
export function RowList<R extends { id: number }>({
  rows,
  children,
}: {
  rows: readonly R[];
  children: (row: R) => ReactNode;
}) {
  return (
    <ul className={classes.list}>
      {rows.map((r) => (
        <li key={r.id}>{children(r)}</li>
      ))}
    </ul>
  );
}
