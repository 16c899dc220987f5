import { TIMINGS } from '@loyalty/contract/constants';
import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { isStaffRole } from '../../lib/access';
import { useMenuEntries } from '../../lib/menu';
import { useSession } from '../../lib/session';
import { AccountSection } from './account-section';
import { MenuList } from './menu-list';
import { SettingsSheet } from './settings-sheet';

/**
 * The menu (SPEC §2 "Settings page"): the role's entries, each opening a bottom sheet, then the
 * account section. `?sheet=<id>` opens an entry's sheet, so links (dashboard shortcuts) can too.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const staffRole = isStaffRole(role) ? role : null;
  const entries = useMenuEntries(staffRole);
  const [params, setParams] = useSearchParams();
  const [ready, setReady] = useState(false);

  // SPEC §9: a spinner shows for 200 ms on load.
  useEffect(() => {
    const id = window.setTimeout(() => setReady(true), TIMINGS.settingsSpinnerMs);
    return () => window.clearTimeout(id);
  }, []);

  const open = entries.find((e) => e.id === params.get('sheet')) ?? null;

  if (!ready) return <LoadingScreen />;

  return (
    <Stack gap="lg">
      <PageHeader title={t('settings.title')} />
      {entries.length > 0 && (
        <MenuList title={t('settings.manage')} entries={entries} onOpen={(id) => setParams({ sheet: id })} />
      )}
      <AccountSection role={staffRole} />
      <SettingsSheet entry={open} onClose={() => setParams({}, { replace: true })} />
    </Stack>
  );
}
