import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServerReachable } from '../lib/connectivity';

/** A banner on every screen while the server cannot be reached (the service worker still opens the app shell). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const reachable = useServerReachable();
  if (reachable) return null;
  return (
    <Alert color="orange" variant="filled" radius={0} role="alert" data-testid="offline-notice">
      {t('msg.offlineNotice')}
    </Alert>
  );
}
