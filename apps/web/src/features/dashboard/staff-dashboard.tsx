import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconGift, IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { LoadingScreen } from '../../components/loading-screen';
import { Phone } from '../../components/phone';
import { ScanButton } from '../../components/scan-button';
import { isolate } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useMerchantUserMe } from '../../lib/queries/me';
import { StaffBranchBusy } from './branch-busy';
import { useOrdersToAccept, WhatWaits } from './orders-to-accept';
import { ShortcutGrid } from './tiles';
import { useLeaveOnError } from './use-leave-on-error';

/** merchantUser: rule, mobile, a welcome with the names, status active or deactive (SPEC §2). */
export function StaffDashboard() {
  const { t } = useTranslation();
  const me = useMerchantUserMe();
  useLeaveOnError(me.error);
  // the list loads beside merchantUser/me, and the home is drawn once both are in (no layout shift)
  const toAccept = useOrdersToAccept('merchantUser');
  if (!me.data || toAccept.isPending) return <LoadingScreen />;
  const { merchantUser: u, merchant, Branch, counts, permissions } = me.data;
  const fullName = [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

  return (
    <Stack gap="md" data-testid="staff-dashboard">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h3">
          {t('dashboard.welcome', { name: isolate(fullName) })}
        </Title>
        <ScanButton />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Row label={t('dashboard.role')} value={t(`roles.${u.rule}`)} />
          <Row label={t('dashboard.mobile')} value={<Phone value={u.mobileNum} />} />
          <Row label={t('dashboard.merchant')} value={<Bdi>{merchant.name}</Bdi>} />
          {Branch && <Row label={t('dashboard.branch')} value={<Bdi>{localized(Branch, 'branchName')}</Bdi>} />}
          <Row
            label={t('dashboard.status')}
            value={
              <Badge color={u.isActive ? 'teal' : 'red'} variant="light">
                {u.isActive ? t('common.active') : t('common.deactive')}
              </Badge>
            }
          />
        </Stack>
      </Paper>
      {Branch && <StaffBranchBusy branchId={Branch.id} />}
      <WhatWaits as="merchantUser" waiting={counts} />
      <ShortcutGrid
        items={[
          { label: t('dashboard.searchRequests'), to: '/search', icon: IconSearch },
          { label: t('dashboard.redeems'), to: '/redeems', icon: IconGift },
          // registering walk-in customers is a permission of the staff member's set (issue 27)
          ...(permissions.includes('walkIns')
            ? [{ label: t('dashboard.addUser'), to: '/createuser', icon: IconUserPlus }]
            : []),
        ]}
      />
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600} size="sm" component="div">
        {value}
      </Text>
    </Group>
  );
}
