import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { localized } from '../../lib/localized';
import { useMerchantUserMe } from '../../lib/queries/me';
import { useSession } from '../../lib/session';
import { AddUserForm, type BranchChoice } from './add-user-form';

/** /createuser: the add-user form with the branch where the customer registers (staff: their own). */
export function CreateUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const isStaff = role === 'merchantUser';
  const me = useMerchantUserMe({ enabled: isStaff });
  if (isStaff && !me.data) return <LoadingScreen />;
  const branch: BranchChoice = isStaff
    ? { kind: 'fixed', branchName: me.data?.Branch ? localized(me.data.Branch, 'branchName') : '' }
    : { kind: 'pick' };
  return (
    <Stack gap="md">
      <PageHeader title={t('screens.createUser')} back="/dashboard" />
      <AddUserForm branch={branch} onDone={() => navigate('/dashboard')} />
    </Stack>
  );
}
