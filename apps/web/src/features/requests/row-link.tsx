import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Amount, OneLine } from '../../components/bidi';
import { RowCard } from '../../components/row-card';

export interface RowLinkProps {
  to: string;
  testId: string;
  /** The customer's name (user content, isolated). */
  title: string;
  subtitle: string;
  /** The third line under the subtitle, styled by the caller. */
  detail: ReactNode;
  /** The amount at the end of the row (lib/format), isolated in the language's direction. */
  amount: string;
  badge?: ReactNode;
}

/** One request in a list: a bordered row linking to its details, the amount and a badge at the end. */
export function RowLink({ to, testId, title, subtitle, detail, amount, badge }: RowLinkProps) {
  return (
    <RowCard to={to} testId={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <OneLine fw={600}>{title}</OneLine>
          <OneLine size="sm" c="dimmed">
            {subtitle}
          </OneLine>
          {detail}
        </Stack>
        <Stack gap={4} align="flex-end" flex="none">
          <Text fw={700}>
            <Amount>{amount}</Amount>
          </Text>
          {badge}
        </Stack>
      </Group>
    </RowCard>
  );
}
