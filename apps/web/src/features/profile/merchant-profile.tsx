import { Badge, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { Amount, Bdi } from '../../components/bidi';
import { BottomSheet } from '../../components/bottom-sheet';
import { EditButton } from '../../components/edit-button';
import { GoLiveSwitch } from '../../components/go-live-switch';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { ACTIVATE_PATH } from '../../lib/access';
import { formatDate, formatNumber, formatPercent, formatPoints } from '../../lib/format';
import { currencyDisplayOf } from '../../lib/money';
import { useMerchantMe } from '../../lib/queries/me';
import { EditProfileForm } from './edit-profile-form';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';

export function MerchantProfileView() {
  const { t } = useTranslation();
  const me = useMerchantMe();
  const [editing, setEditing] = useState(false);
  // SPEC §8: a profile that cannot load shows the message (the query's toast) and goes to /login
  if (me.isError) return <Navigate to="/login" replace />;
  if (!me.data) return <LoadingScreen />;
  const m = me.data;
  const p = m.MerchantProfile;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('profile.title')}
        back={m.isAproved ? '/setting' : ACTIVATE_PATH}
        actions={
          <EditButton size="xs" onClick={() => setEditing(true)}>
            {t('profile.editShort')}
          </EditButton>
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
      <ProfileTabs
        info={[
          { label: t('profile.name'), value: <Bdi>{m.name}</Bdi> },
          { label: t('profile.mobile'), value: <Phone value={m.mobile} /> },
          { label: t('profile.balance'), value: <Amount>{formatPoints(m.balance)}</Amount> },
          { label: t('profile.memberSince'), value: formatDate(m.createdAt) },
        ]}
        merchant={[
          { label: t('profile.hotLine'), value: p.hotLine && <Phone value={p.hotLine} /> },
          { label: t('profile.currencyDisplay'), value: t(`profile.currency.${currencyDisplayOf(m.userCurrncy)}`) },
          {
            label: t('profile.refundPeriod'),
            value: p.refundPeriod !== null ? formatNumber(p.refundPeriod) : '',
          },
          { label: t('profile.acceptWithinMinutes'), value: formatNumber(p.acceptWithinMinutes) },
          {
            label: t('profile.commission'),
            value: p.commissionPercentage !== null ? <Amount>{formatPercent(p.commissionPercentage)}</Amount> : '',
          },
          {
            label: t('profile.taxRegistrationNumber'),
            value: p.taxRegistrationNumber && <Ltr>{p.taxRegistrationNumber}</Ltr>,
          },
          { label: t('profile.refundRules'), value: p.refundRules && <Bdi>{p.refundRules}</Bdi> },
          { label: t('profile.offers'), value: formatNumber(m.counts.activeOffers) },
          { label: t('profile.employees'), value: formatNumber(m.counts.employees) },
        ]}
      />
      <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('profile.edit')}>
        <EditProfileForm profile={m} onDone={() => setEditing(false)} />
      </BottomSheet>
    </Stack>
  );
}
