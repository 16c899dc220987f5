import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A sheet that slides up from the bottom (settings entries, edit forms). */
export function BottomSheet({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="bottom"
      radius="lg"
      styles={{
        // Fit the content, up to 90% of the screen.
        content: { height: 'auto', maxHeight: '90dvh', maxWidth: 720, marginInline: 'auto' },
        title: { fontWeight: 700 },
      }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {children}
    </Drawer>
  );
}
