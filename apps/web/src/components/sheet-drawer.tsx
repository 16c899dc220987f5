import { Drawer, type DrawerProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlideIn } from '../lib/deferred';

export interface SheetProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

export type PlacementProps = Pick<DrawerProps, 'position' | 'radius' | 'size'> & { contentStyle?: CSSProperties };

/** The drawer of `Sheet` (sheet.tsx), a chunk of its own: Mantine's Drawer, scroll area, focus trap, scroll lock. */
export function SheetDrawer({
  contentStyle,
  openedAtStart,
  opened,
  ...props
}: SheetProps & PlacementProps & { openedAtStart: boolean }) {
  const { t } = useTranslation();
  return (
    <Drawer
      {...props}
      opened={useSlideIn(opened, openedAtStart)}
      styles={{ content: contentStyle, title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    />
  );
}
