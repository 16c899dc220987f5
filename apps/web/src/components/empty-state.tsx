import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list's empty text (SPEC §2 gives each list its own), with a quiet icon. */
export function EmptyState({ text, icon }: { text: string; icon?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center" data-testid="empty-state">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        {icon ?? <IconMoodEmpty size={26} />}
      </ThemeIcon>
      <Text c="dimmed">{text}</Text>
    </Stack>
  );
}
