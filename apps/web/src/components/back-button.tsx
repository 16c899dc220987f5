import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import classes from './page-header.module.css';

/** A small "back" button inside a sheet (from a form back to its list); the arrow mirrors in Arabic. */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      w="fit-content"
      leftSection={<IconArrowLeft size={16} className={classes.backIcon} aria-hidden />}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
