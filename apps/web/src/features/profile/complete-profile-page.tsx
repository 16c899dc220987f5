import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useMerchantMe } from '../../lib/queries/me';
import { useSession } from '../../lib/session';
import { EditProfileForm } from './edit-profile-form';

/**
 * /completeprofile (SPEC §2, §3 "Merchant profile"): the merchant fills in the business details of
 * its profile (logo, hot line, refund period and rules, commission, tax registration number) with
 * the same form as the profile's edit sheet; saving leads to /profile. Staff have no merchant
 * profile to complete: they see their own profile. A failed load goes to /login (SPEC §8).
 */
export function CompleteProfilePage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const navigate = useNavigate();
  const me = useMerchantMe({ enabled: role === 'merchant' });
  // a failed load, or a 401 that already signed the session out, goes to /login
  if (me.isError || !role) return <Navigate to="/login" replace />;
  if (role !== 'merchant') return <Navigate to="/profile" replace />;
  if (!me.data) return <LoadingScreen />;
  return (
    <Stack gap="md">
      <PageHeader title={t('screens.completeProfile')} back="/profile" />
      <Text c="dimmed">{t('profile.completeIntro')}</Text>
      <EditProfileForm profile={me.data} onDone={() => navigate('/profile')} />
    </Stack>
  );
}
