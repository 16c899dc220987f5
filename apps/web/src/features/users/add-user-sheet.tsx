import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SheetProps } from '../../lib/menu';
import { useSession } from '../../lib/session';
import { AddUserForm } from './add-user-form';

/** Settings → Add user (SPEC §2): name and mobile; merchants pick a branch on /createuser. */
export default function AddUserSheet({ onClose }: SheetProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  return (
    <Stack gap="sm">
      <AddUserForm branch={{ kind: 'none' }} onDone={onClose} />
      {role === 'merchant' && (
        <Anchor component={Link} to="/createuser" size="sm" ta="center">
          {t('users.openPage')}
        </Anchor>
      )}
    </Stack>
  );
}
