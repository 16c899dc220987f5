import { Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { OfflineNotice } from '../components/offline-notice';
import classes from './root-layout.module.css';

/** Every screen: a thin progress bar while a lazy screen loads, the offline notice, and scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <Progress value={100} animated size="xs" radius={0} className={classes.progress} aria-hidden />
      )}
      <OfflineNotice />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
