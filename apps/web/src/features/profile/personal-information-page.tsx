import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useMerchantMe } from '../../lib/queries/me';
import { useSession } from '../../lib/session';
import { EditProfileForm } from './edit-profile-form';
import { StaffProfileView } from './staff-profile';

/** /profile/personalinformation: the merchant's edit form as a page; staff see their profile read-only. */
export function PersonalInformationPage() {
  const { role } = useSession();
  return role === 'merchant' ? <MerchantInformation /> : <StaffProfileView />;
}

function MerchantInformation() {
  const { t } = useTranslation();
  const me = useMerchantMe();
  if (!me.data) return <LoadingScreen />;
  return (
    <Stack gap="md" maw={560}>
      <PageHeader title={t('profile.personalInformation')} back="/profile" />
      <Paper withBorder p="md" radius="md">
        <EditProfileForm profile={me.data} />
      </Paper>
    </Stack>
  );
}
