import './strings';
import { ActionIcon, Badge, Burger, Button, Container, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LanguageToggle } from '../../components/language-toggle';
import { LoadingScreen } from '../../components/loading-screen';
import { localized } from '../../lib/localized';
import { toast } from '../../lib/toast';
import { opCall, setOperatorUnauthorizedHandler } from './client';
import classes from './console-layout.module.css';
import { ConsoleMenu } from './console-menu';
import { useMe } from './queries';
import { OP } from './query-keys';
import { clearOperatorSession, getOperatorSession, saveOperatorSession, useOperatorSession } from './session';

/**
 * Every console screen but the sign-in: the operator's session is required (none, or a 401 on any
 * call: /operator/login), a header with the
 * menu (a drawer on a phone, a side column on a desktop), the language switch and sign out.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  const location = useLocation();
  const qc = useQueryClient();
  const [menuOpen, menu] = useDisclosure(false);

  useEffect(() => {
    setOperatorUnauthorizedHandler(() => qc.removeQueries({ queryKey: OP }));
  }, [qc]);
  // the session checked on arrival (a 401 signs out) and the menu kept to the operator's current role
  const me = useMe(session !== null);
  useEffect(() => {
    const stored = getOperatorSession();
    if (me.data && stored && JSON.stringify(me.data) !== JSON.stringify(stored.operator))
      saveOperatorSession({ ...stored, operator: me.data });
  }, [me.data]);

  if (!session)
    return <Navigate to="/operator/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  const { operator } = session;

  return (
    <>
      <header className={classes.header}>
        <Container size="xl" px="md">
          <Group justify="space-between" h={56} wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" className={classes.title}>
              <Burger
                hiddenFrom="md"
                size="sm"
                opened={menuOpen}
                onClick={menu.toggle}
                aria-label={t('operator.openMenu')}
                aria-expanded={menuOpen}
              />
              <Text component={Link} to="/operator" fw={700} truncate c="inherit" td="none">
                {t('operator.console')}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Badge variant="light" visibleFrom="sm" data-testid="operator-role">
                {localized(operator, 'name')} · {t(`operator.roles.${operator.role}`)}
              </Badge>
              <LanguageToggle />
              <SignOutButton />
            </Group>
          </Group>
        </Container>
      </header>
      <Drawer opened={menuOpen} onClose={menu.close} title={t('operator.console')} size={280} hiddenFrom="md">
        <Text size="sm" c="dimmed" mb="sm">
          {t('operator.signedInAs', { name: localized(operator, 'name') })} · {t(`operator.roles.${operator.role}`)}
        </Text>
        <ConsoleMenu operatorRole={operator.role} onNavigate={menu.close} />
      </Drawer>
      <Container size="xl" px="md" pt="md">
        <div className={classes.shell}>
          <div className={classes.side} data-desktop-menu>
            <ConsoleMenu operatorRole={operator.role} />
          </div>
          <main className={classes.content}>
            <Suspense fallback={<LoadingScreen fullHeight={false} />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </Container>
    </>
  );
}

/** Sign out: the server ends the session (admin/logout), the console forgets it, back to the sign-in. */
function SignOutButton() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    await opCall('admin/logout', {}).catch(() => undefined);
    clearOperatorSession();
    qc.removeQueries({ queryKey: OP });
    setPending(false);
    toast.success('operator.signedOut');
    navigate('/operator/login', { replace: true });
  };
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        color="gray"
        visibleFrom="sm"
        onClick={() => void signOut()}
        loading={pending}
        leftSection={<IconLogout size={16} aria-hidden />}
        data-testid="operator-sign-out"
      >
        {t('operator.signOut')}
      </Button>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="sm"
        onClick={() => void signOut()}
        loading={pending}
        aria-label={t('operator.signOut')}
        data-testid="operator-sign-out-compact"
      >
        <IconLogout size={18} className={classes.mirror} aria-hidden />
      </ActionIcon>
    </>
  );
}
