import { Button } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred, useDeferredDialog } from '../lib/deferred';

const scanDialog = deferred(() => import('./scan-dialog').then((m) => m.ScanModal));

/**
 * The staff's Scan button (docs/domain.md, "Signed request codes"): a dialog that reads a customer's
 * signed code (scan-dialog.tsx); the app then opens that request. The dialog's code is fetched once
 * the page is idle and drawn when the button is first pressed, not with the screen (lib/deferred).
 */
export function ScanButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { Dialog, openedAtStart } = useDeferredDialog(opened, scanDialog);
  return (
    <>
      <Button
        leftSection={<IconScan size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        data-testid="scan-button"
        // beside a long welcome on a 375 px screen the title wraps, the button keeps its label
        style={{ flexShrink: 0 }}
      >
        {t('scan.button')}
      </Button>
      {Dialog && (
        <Suspense fallback={null}>
          <Dialog opened={opened} openedAtStart={openedAtStart} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
