import { Drawer, type DrawerProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SheetProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

type PlacementProps = Pick<DrawerProps, 'position' | 'radius' | 'size'> & { contentStyle?: CSSProperties };

/** A drawer with a bold title and a translated close button; `BottomSheet` and `SidePanel` place it. */
export function Sheet({ contentStyle, ...props }: SheetProps & PlacementProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      {...props}
      styles={{ content: contentStyle, title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    />
  );
}
