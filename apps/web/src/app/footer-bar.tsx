import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconLayoutDashboard, IconMenu2, IconSearch } from '@tabler/icons-react';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { ComingSoon } from '../components/coming-soon';
import { LoadingScreen } from '../components/loading-screen';
import { SidePanel } from '../components/side-panel';
import { isStaffRole, isUnderReview } from '../lib/access';
import type { MenuEntry } from '../lib/menu';
import { useSession } from '../lib/session';
import classes from './footer-bar.module.css';
import { footerPanels } from './menu';

function Item({ icon, label, to, onClick }: { icon: ReactNode; label: string; to?: string; onClick?: () => void }) {
  const content = (
    <>
      {icon}
      <span className={classes.label}>{label}</span>
    </>
  );
  if (to)
    return (
      <NavLink to={to} className={classes.item}>
        {content}
      </NavLink>
    );
  return (
    <UnstyledButton className={classes.item} onClick={onClick} aria-haspopup="dialog">
      {content}
    </UnstyledButton>
  );
}

/**
 * SPEC §2: Dashboard and Menu for everyone; merchants also get Product List and Offer List side
 * panels; the centre button (search) shows for every role except delivery. A merchant under review
 * gets no footer: every panel and page behind it answers 403 until the account is approved.
 */
export function FooterBar() {
  const session = useSession();
  if (isUnderReview(session)) return null;
  return <Footer role={session.role} />;
}

function Footer({ role }: { role: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<MenuEntry | null>(null);
  const staffRole = isStaffRole(role) ? role : null;
  const panels = footerPanels.filter((p) => staffRole && p.roles.includes(staffRole));
  const [first, second] = panels;
  const panelItem = (p: MenuEntry | undefined) =>
    p && <Item icon={<p.icon size={22} aria-hidden />} label={t(p.labelKey)} onClick={() => setOpen(p)} />;
  const Sheet = open?.sheet;

  return (
    <>
      <nav className={classes.bar} aria-label={t('nav.main')}>
        <div className={classes.inner}>
          <Item icon={<IconLayoutDashboard size={22} aria-hidden />} label={t('nav.dashboard')} to="/dashboard" />
          {panelItem(first)}
          {staffRole && staffRole !== 'delivery' && (
            <div className={classes.centre}>
              <ActionIcon
                component={Link}
                to="/search"
                size={56}
                radius="xl"
                aria-label={t('nav.search')}
                className={classes.centreButton}
              >
                <IconSearch size={26} />
              </ActionIcon>
            </div>
          )}
          {panelItem(second)}
          <Item icon={<IconMenu2 size={22} aria-hidden />} label={t('nav.menu')} to="/setting" />
        </div>
      </nav>
      <SidePanel opened={open !== null} onClose={() => setOpen(null)} title={open ? t(open.labelKey) : ''}>
        <Suspense fallback={<LoadingScreen fullHeight={false} />}>
          {Sheet ? <Sheet onClose={() => setOpen(null)} /> : <ComingSoon />}
        </Suspense>
      </SidePanel>
    </>
  );
}
