import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBox, IconBuildingStore, IconGift, IconPackage, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { memo, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount } from '../../components/bidi';
import { CashValue } from '../../components/cash-value';
import { GoLiveSwitch } from '../../components/go-live-switch';
import { LoadingScreen } from '../../components/loading-screen';
import { ScanButton } from '../../components/scan-button';
import { WELCOME } from '../../lib/first-screen-calls';

import { formatNumber, formatPoints, isolate } from '../../lib/format';
import { useHydrated } from '../../lib/hydration';
import { currencyDisplayOf } from '../../lib/money';
import { useBranchList } from '../../lib/queries/branches';
import { type MerchantMe, useMerchantMe } from '../../lib/queries/me';
import { getSession, rememberUserName } from '../../lib/session';
import { MerchantBranchesBusy } from './branch-busy';
import classes from './merchant-dashboard.module.css';
import { useOrdersToAccept, WhatWaits } from './orders-to-accept';
import { ShortcutGrid, StatTile } from './tiles';
import { useLeaveOnError } from './use-leave-on-error';

export function MerchantDashboard() {
  const me = useMerchantMe();
  useLeaveOnError(me.error);
  // the painted home is the home without its data: so is its hydration, whatever has arrived since
  const hydrated = useHydrated();
  // the home's lists load beside merchant/me and the home is drawn once they are in: a list drawn
  // later would push everything under it down (layout shift)
  const toAccept = useOrdersToAccept('merchant');
  const name = me.data?.name;
  useEffect(() => {
    if (name) rememberUserName(name);
  }, [name]);
  const branches = useBranchList();
  const ready = me.data && hydrated && !toAccept.isPending && !branches.isPending ? me.data : undefined;
  // The queries' answers come in as urgent updates (TanStack Query's store): drawn at once, the whole
  // home would be one long task of the main thread, the longest of the page (bench/README.md,
  // "Lighthouse"). The urgent render keeps the home without its data; it is drawn right after as a
  // deferred render, which React does in slices that let the browser answer taps in between.
  const shown = useDeferredValue(ready);
  return <MerchantHome me={shown} />;
}

/**
 * The home (MerchantDashboard). Before its data, what does not depend on it is drawn already: the
 * title and the balance card, with the loading screen below them (the page's HTML paints this:
 * docs/decisions/0018). The data then fills those same elements in place (the title's two lines on
 * a phone are kept from the start, so the welcome does not push the card down) and the rest of the
 * home is drawn under them: nothing painted moves, and the page's largest text is painted by the
 * HTML (Lighthouse's LCP counts an element once, when it is first painted).
 */
const MerchantHome = memo(function MerchantHome({ me }: { me: MerchantMe | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid={me ? 'merchant-dashboard' : undefined}>
      <Group justify="space-between" wrap="nowrap">
        <HomeTitle name={me?.name} />
        <ScanButton />
      </Group>
      <Paper p="lg" radius="lg" className={classes.balance} data-testid={me ? 'balance' : undefined}>
        <Text size="sm" className={classes.muted}>
          {t('dashboard.pointsBalance')}
        </Text>
        <Text fz={34} fw={800} lh={1.2}>
          {me ? <Amount>{formatPoints(me.balance)}</Amount> : '\u00a0'}
        </Text>
        <Text size="sm" className={classes.muted}>
          {t('dashboard.cashValue')}{' '}
          {me && <CashValue points={me.balance} display={currencyDisplayOf(me.userCurrncy)} />}
        </Text>
        <Anchor component={Link} to="/transactiondetails" size="sm" c="white" underline="always" fw={600}>
          {t('dashboard.pointsHistory')}
        </Anchor>
      </Paper>
      {me ? <MerchantHomeRest me={me} /> : <LoadingScreen fullHeight={false} />}
    </Stack>
  );
});

/**
 * The welcome, with the name `merchant/me` last gave (kept in storage) until it answers again; the
 * home's title before any name was ever stored. The page's script paints the same from the same
 * storage (WELCOME): the hydration finds the text it renders.
 */
function HomeTitle({ name }: { name: string | undefined }) {
  const { t } = useTranslation();
  const shown = name ?? getSession().user?.name;
  return (
    <Title
      order={1}
      size="h3"
      className={classes.title}
      {...{ [WELCOME.attribute]: t('dashboard.welcome', { name: WELCOME.slot }) }}
    >
      {shown ? t('dashboard.welcome', { name: isolate(shown) }) : t('nav.dashboard')}
    </Title>
  );
}

/** The home under its balance card, once the data is in. */
function MerchantHomeRest({ me }: { me: MerchantMe }) {
  const { t } = useTranslation();
  const { counts, isLive } = me;
  return (
    <>
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
    </>
  );
}
