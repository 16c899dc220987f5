import { Button, type MantineSize } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The light "edit" button of a page header, which opens the page's update sheet. */
export function EditButton({
  onClick,
  size = 'sm',
  children,
}: {
  onClick: () => void;
  size?: MantineSize;
  children: ReactNode;
}) {
  return (
    <Button
      size={size}
      variant="light"
      leftSection={<IconEdit size={16} aria-hidden />}
      onClick={onClick}
      aria-haspopup="dialog"
    >
      {children}
    </Button>
  );
}
