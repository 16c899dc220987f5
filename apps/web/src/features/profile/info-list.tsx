import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface InfoRow {
  label: string;
  value: ReactNode;
}

/** Label and value rows; empty values show a dash. */
export function InfoList({ rows }: { rows: InfoRow[] }) {
  return (
    <Stack gap="sm" component="dl" m={0}>
      {rows.map((r) => (
        <Group key={r.label} justify="space-between" wrap="nowrap" align="flex-start" gap="md">
          <Text component="dt" c="dimmed" size="sm">
            {r.label}
          </Text>
          <Text component="dd" m={0} fw={600} size="sm" ta="end" style={{ overflowWrap: 'anywhere' }}>
            {r.value === null || r.value === undefined || r.value === '' ? '—' : r.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
