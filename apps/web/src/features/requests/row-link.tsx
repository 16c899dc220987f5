import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Ltr } from '../../components/ltr';
import classes from './requests.module.css';

export interface RowLinkProps {
  to: string;
  testId: string;
  /** The customer's name. */
  title: string;
  subtitle: string;
  /** The third line under the subtitle, styled by the caller. */
  detail: ReactNode;
  /** The amount at the end of the row, kept left-to-right. */
  amount: string;
  badge?: ReactNode;
}

/** One request in a list: a bordered row linking to its details, the amount and a badge at the end. */
export function RowLink({ to, testId, title, subtitle, detail, amount, badge }: RowLinkProps) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.rowLink} data-testid={testId}>
      <Paper withBorder radius="md" p="sm" className={classes.row}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate>
              {title}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {subtitle}
            </Text>
            {detail}
          </Stack>
          <Group gap="xs" wrap="nowrap" className={classes.aside}>
            <Stack gap={4} align="flex-end">
              <Text fw={700}>
                <Ltr>{amount}</Ltr>
              </Text>
              {badge}
            </Stack>
            <IconChevronRight size={18} className={classes.chevron} aria-hidden />
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
