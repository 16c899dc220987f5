import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/bottom-sheet';
import { ComingSoon } from '../../components/coming-soon';
import { LoadingScreen } from '../../components/loading-screen';
import type { MenuEntry } from '../../lib/menu';

/** The bottom sheet of a menu entry: its plugged-in sheet, or "coming soon". */
export function SettingsSheet({ entry, onClose }: { entry: MenuEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const Sheet = entry?.sheet;
  return (
    <BottomSheet opened={entry !== null} onClose={onClose} title={entry ? t(entry.labelKey) : ''}>
      <Suspense fallback={<LoadingScreen fullHeight={false} />}>
        {Sheet ? <Sheet onClose={onClose} /> : <ComingSoon />}
      </Suspense>
    </BottomSheet>
  );
}
