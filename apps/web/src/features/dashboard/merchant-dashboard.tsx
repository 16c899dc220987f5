import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBox, IconBuildingStore, IconGift, IconPackage, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount } from '../../components/bidi';
import { CashValue } from '../../components/cash-value';
import { GoLiveSwitch } from '../../components/go-live-switch';
import { LoadingScreen } from '../../components/loading-screen';
import { ScanButton } from '../../components/scan-button';

import { formatNumber, formatPoints, isolate } from '../../lib/format';
import { useHydrated } from '../../lib/hydration';
import { currencyDisplayOf } from '../../lib/money';
import { useBranchList } from '../../lib/queries/branches';
import { type MerchantMe, useMerchantMe } from '../../lib/queries/me';
import { MerchantBranchesBusy } from './branch-busy';
import classes from './merchant-dashboard.module.css';
import { useOrdersToAccept, WhatWaits } from './orders-to-accept';
import { ShortcutGrid, StatTile } from './tiles';
import { useLeaveOnError } from './use-leave-on-error';

export function MerchantDashboard() {
  const me = useMerchantMe();
  useLeaveOnError(me.error);
  // the painted home shows the loading screen: so does its hydration, whatever has arrived since
  const hydrated = useHydrated();
  // the home's lists load beside merchant/me and the home is drawn once they are in: a list drawn
  // later would push everything under it down (layout shift)
  const toAccept = useOrdersToAccept('merchant');
  const branches = useBranchList();
  const ready = me.data && hydrated && !toAccept.isPending && !branches.isPending ? me.data : undefined;
  // The queries' answers come in as urgent updates (TanStack Query's store): drawn at once, the whole
  // home would be one long task of the main thread, the longest of the page (bench/README.md,
  // "Lighthouse"). The urgent render keeps the loading screen; the home is drawn right after as a
  // deferred render, which React does in slices that let the browser answer taps in between.
  const shown = useDeferredValue(ready);
  if (!shown) return <LoadingScreen />;
  return <MerchantHome me={shown} />;
}

/** The home once its data is in (MerchantDashboard). */
const MerchantHome = memo(function MerchantHome({ me }: { me: MerchantMe }) {
  const { t } = useTranslation();
  const { name, balance, counts, isLive, userCurrncy } = me;

  return (
    <Stack gap="md" data-testid="merchant-dashboard">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h3">
          {t('dashboard.welcome', { name: isolate(name) })}
        </Title>
        <ScanButton />
      </Group>
      <Paper p="lg" radius="lg" className={classes.balance} data-testid="balance">
        <Text size="sm" className={classes.muted}>
          {t('dashboard.pointsBalance')}
        </Text>
        <Text fz={34} fw={800} lh={1.2}>
          <Amount>{formatPoints(balance)}</Amount>
        </Text>
        <Text size="sm" className={classes.muted}>
          {t('dashboard.cashValue')} <CashValue points={balance} display={currencyDisplayOf(userCurrncy)} />
        </Text>
        <Anchor component={Link} to="/transactiondetails" size="sm" c="white" underline="always" fw={600}>
          {t('dashboard.pointsHistory')}
        </Anchor>
      </Paper>
      <WhatWaits as="merchant" waiting={counts} />
      <StatTile label={t('dashboard.branches')} value={formatNumber(counts.branches)} icon={IconBuildingStore} />
      <Paper withBorder p="md" radius="md">
        <GoLiveSwitch
          isLive={isLive}
          label={t('dashboard.goLive')}
          description={isLive ? t('dashboard.live') : t('dashboard.notLive')}
        />
      </Paper>
      <MerchantBranchesBusy />
      <Title order={2} size="h5">
        {t('dashboard.shortcuts')}
      </Title>
      <ShortcutGrid
        items={[
          { label: t('dashboard.addOffer'), to: '/add-offer', icon: IconGift },
          { label: t('dashboard.products'), to: '/setting?sheet=products', icon: IconBox },
          { label: t('dashboard.addBranch'), to: '/add-branch', icon: IconBuildingStore },
          { label: t('dashboard.addEmployee'), to: '/add-employee', icon: IconUsers },
          { label: t('dashboard.addUser'), to: '/createuser', icon: IconUserPlus },
          { label: t('dashboard.buyPackages'), to: '/setting?sheet=packages', icon: IconPackage },
        ]}
      />
    </Stack>
  );
});
