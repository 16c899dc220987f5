import { Anchor, Badge, Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { IconEdit, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BottomSheet } from '../../components/bottom-sheet';
import { GoLiveSwitch } from '../../components/go-live-switch';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatNumber, formatPoints } from '../../lib/format';
import { useMerchantMe } from '../../lib/queries/me';
import { EditProfileForm } from './edit-profile-form';
import { InfoList } from './info-list';
import { ProfileHeader } from './profile-header';

export function MerchantProfileView() {
  const { t } = useTranslation();
  const me = useMerchantMe();
  const [editing, setEditing] = useState(false);
  if (!me.data) return <LoadingScreen />;
  const m = me.data;
  const p = m.MerchantProfile;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('profile.title')}
        back="/setting"
        actions={
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEdit size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t('profile.editShort')}
          </Button>
        }
      />
      <ProfileHeader
        name={m.name}
        mobile={m.mobile}
        logo={p.logo}
        extra={
          <Group gap={6}>
            <Badge variant="light" color={m.isAproved ? 'teal' : 'yellow'}>
              {t(`profile.status.${m.status}`)}
            </Badge>
          </Group>
        }
      />
      {m.isAproved && (
        <Paper withBorder p="md" radius="md">
          <GoLiveSwitch
            isLive={m.isLive}
            label={t('profile.goLive')}
            description={m.isLive ? t('profile.live') : t('profile.notLive')}
          />
        </Paper>
      )}
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="info">{t('profile.information')}</Tabs.Tab>
          <Tabs.Tab value="merchant">{t('profile.merchantInfo')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <InfoList
            rows={[
              { label: t('profile.name'), value: m.name },
              { label: t('profile.mobile'), value: <Ltr>+{m.mobile}</Ltr> },
              { label: t('profile.balance'), value: <Ltr>{formatPoints(m.balance)}</Ltr> },
              { label: t('profile.memberSince'), value: formatDate(m.createdAt) },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="merchant" pt="md">
          <InfoList
            rows={[
              { label: t('profile.hotLine'), value: p.hotLine && <Ltr>{p.hotLine}</Ltr> },
              {
                label: t('profile.refundPeriod'),
                value: p.refundPeriod !== null ? formatNumber(p.refundPeriod) : '',
              },
              {
                label: t('profile.commission'),
                value: p.commissionPercentage !== null ? <Ltr>{formatNumber(p.commissionPercentage)}%</Ltr> : '',
              },
              {
                label: t('profile.taxRegistrationNumber'),
                value: p.taxRegistrationNumber && <Ltr>{p.taxRegistrationNumber}</Ltr>,
              },
              { label: t('profile.refundRules'), value: p.refundRules },
              { label: t('profile.offers'), value: formatNumber(m.counts.activeOffers) },
              { label: t('profile.employees'), value: formatNumber(m.counts.employees) },
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
      <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('profile.edit')}>
        <EditProfileForm profile={m} onDone={() => setEditing(false)} />
      </BottomSheet>
    </Stack>
  );
}
