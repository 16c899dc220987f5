import { Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { BrandLogo } from '../components/brand-logo';
import { LanguageToggle } from '../components/language-toggle';
import { LoadingScreen } from '../components/loading-screen';
import { MenuContext } from '../lib/menu';
import classes from './app-layout.module.css';
import { FooterBar } from './footer-bar';
import { LiveFeed } from './live-feed';
import { menuEntries } from './menu';

/** The signed-in screens: a slim header, the screen, and the fixed footer bar. */
export function AppLayout() {
  return (
    <MenuContext value={menuEntries}>
      <LiveFeed />
      <header className={classes.header}>
        <Container size="md" px="md">
          <Group justify="space-between" h={52} wrap="nowrap">
            <Link to="/dashboard" className={classes.brand}>
              <BrandLogo />
            </Link>
            <LanguageToggle />
          </Group>
        </Container>
      </header>
      <Container size="md" px="md" pt="md" component="main" className={classes.main}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Container>
      <FooterBar />
    </MenuContext>
  );
}
