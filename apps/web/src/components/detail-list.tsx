import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label / value lines of a details screen (a description list). */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {items.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap" gap="md" align="flex-start">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} ta="end" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
