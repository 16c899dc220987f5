import { Badge, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { Bdi } from '../../components/bidi';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { localized } from '../../lib/localized';
import { useMerchantUserMe } from '../../lib/queries/me';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';

/** Staff and couriers see their profile read-only (SPEC §2). */
export function StaffProfileView() {
  const { t } = useTranslation();
  const me = useMerchantUserMe();
  // SPEC §8: a profile that cannot load shows the message (the query's toast) and goes to /login
  if (me.isError) return <Navigate to="/login" replace />;
  if (!me.data) return <LoadingScreen />;
  const { merchantUser: u, merchant, Branch } = me.data;
  const fullName = [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

  return (
    <Stack gap="md">
      <PageHeader title={t('profile.title')} back="/setting" />
      <ProfileHeader
        name={fullName}
        mobile={u.mobileNum}
        extra={
          <Badge variant="light" color={u.isActive ? 'teal' : 'red'}>
            {u.isActive ? t('common.active') : t('common.deactive')}
          </Badge>
        }
      />
      <ProfileTabs
        info={[
          { label: t('profile.name'), value: <Bdi>{fullName}</Bdi> },
          { label: t('profile.mobile'), value: <Phone value={u.mobileNum} /> },
          { label: t('profile.role'), value: t(`roles.${u.rule}`) },
        ]}
        merchant={[
          { label: t('profile.merchant'), value: <Bdi>{merchant.name}</Bdi> },
          { label: t('profile.branch'), value: Branch && <Bdi>{localized(Branch, 'branchName')}</Bdi> },
        ]}
      />
    </Stack>
  );
}
