import { Anchor, Badge, Group, Stack, Tabs } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { useMerchantUserMe } from '../../lib/queries/me';
import { InfoList } from './info-list';
import { ProfileHeader } from './profile-header';

/** Staff and couriers see their profile read-only (SPEC §2). */
export function StaffProfileView() {
  const { t } = useTranslation();
  const me = useMerchantUserMe();
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
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="info">{t('profile.information')}</Tabs.Tab>
          <Tabs.Tab value="merchant">{t('profile.merchantInfo')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <InfoList
            rows={[
              { label: t('profile.name'), value: fullName },
              { label: t('profile.mobile'), value: <Ltr>{u.mobileNum}</Ltr> },
              { label: t('profile.role'), value: t(`roles.${u.rule}`) },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="merchant" pt="md">
          <InfoList
            rows={[
              { label: t('profile.merchant'), value: merchant.name },
              { label: t('profile.branch'), value: Branch?.branchName },
            ]}
          />
        </Tabs.Panel>
      </Tabs>
      <Anchor component={Link} to="/profile/changepassword" size="sm">
        <Group gap={6} component="span">
          <IconKey size={16} aria-hidden />
          {t('profile.changePassword')}
        </Group>
      </Anchor>
    </Stack>
  );
}
