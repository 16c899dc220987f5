import type { StaffRole } from '@loyalty/contract';
import { NavLink, Paper, Switch, Text } from '@mantine/core';
import { IconBell, IconChevronRight, IconKey, IconLanguage, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFeedSound } from '../../lib/feed-sound';
import { useSignOut } from '../../lib/use-sign-out';
import classes from './settings.module.css';

const chevron = <IconChevronRight size={16} className={classes.chevron} aria-hidden />;

/** Profile (merchant only), change language, change password, push notifications, sign out. */
export function AccountSection({ role }: { role: StaffRole | null }) {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut();
  const [sound, setSound] = useFeedSound();
  return (
    <section aria-label={t('settings.account')}>
      <Text fw={700} size="sm" c="dimmed" mb={6} tt="uppercase">
        {t('settings.account')}
      </Text>
      <Paper withBorder radius="md" className={classes.list}>
        {role === 'merchant' && (
          <NavLink
            component={Link}
            to="/profile"
            label={t('settings.profile')}
            leftSection={<IconUserCircle size={20} aria-hidden />}
            rightSection={chevron}
          />
        )}
        <NavLink
          component={Link}
          to="/languages"
          label={t('settings.changeLanguage')}
          description={t('settings.currentLanguage')}
          leftSection={<IconLanguage size={20} aria-hidden />}
          rightSection={chevron}
        />
        <NavLink
          component={Link}
          to="/profile/changepassword"
          label={t('settings.changePassword')}
          leftSection={<IconKey size={20} aria-hidden />}
          rightSection={chevron}
        />
        {role && (
          <NavLink
            component="label"
            label={t('settings.alertSound')}
            description={t('settings.alertSoundHint')}
            leftSection={<IconBell size={20} aria-hidden />}
            rightSection={
              <Switch
                checked={sound}
                onChange={(e) => setSound(e.currentTarget.checked)}
                aria-label={t('settings.alertSound')}
                data-testid="alert-sound"
              />
            }
          />
        )}
        <NavLink
          component={Link}
          to="/push-test"
          label={t('settings.notifications')}
          leftSection={<IconBell size={20} aria-hidden />}
          rightSection={chevron}
        />
        <NavLink
          component="button"
          type="button"
          label={t('settings.signOut')}
          leftSection={<IconLogout size={20} aria-hidden />}
          onClick={signOut}
          disabled={pending}
          c="red"
        />
      </Paper>
    </section>
  );
}
