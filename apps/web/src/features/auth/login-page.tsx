import { Anchor, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { NotAuthorized } from '../../components/not-authorized';
import { PasswordField } from '../../components/password-field';
import { PhoneField } from '../../components/phone-field';
import { ACTIVATE_PATH, isStaffRole, returnPath } from '../../lib/access';
import { useFieldError } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { DEFAULT_COUNTRY } from '../../lib/phone-country';
import { useLogin } from './api';
import { AuthLayout } from './auth-layout';

// The form's rules (zod, the phone numbering plans) and push load after the first paint; a
// submission has them already, having been validated with them.
const rules = () => import('./login-rules');
const resolver = lazyResolver(() => rules().then((m) => m.loginResolver));

export function LoginPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [refused, setRefused] = useState(false);
  const { register, control, handleSubmit, setValue, formState } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { country: DEFAULT_COUNTRY, number: '', password: '' },
  });
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { errors, isDirty, isValid } = formState;

  const onSubmit = handleSubmit(async (v) => {
    const push = import('../../lib/push').catch(() => undefined);
    const username = (await rules()).composePhone(v.country, v.number);
    // a browser already subscribed to push registers again with this session (SPEC §7 deviceToken)
    const deviceToken = await push.then((p) => p?.currentPushToken()).catch(() => undefined);
    login.mutate(
      { username, password: v.password, deviceToken },
      {
        onSuccess: (res) => {
          // SPEC §6: a role other than merchant, merchantUser or delivery is refused (no session kept).
          if (!isStaffRole(res.rule)) {
            setRefused(true);
            return;
          }
          // SPEC §4: after login, ask for notification permission where supported and register this
          // device (a merchant under review gets notifications once approved: the server refuses them)
          if (res.rule !== 'merchant' || res.isAproved)
            void push.then((p) => p?.registerPush({ quiet: true, onlyWhenAsked: true }));
          const from = returnPath((location.state as { from?: unknown } | null)?.from);
          navigate(res.rule === 'merchant' && !res.isAproved ? ACTIVATE_PATH : (from ?? '/dashboard'), {
            replace: true,
          });
        },
        // SPEC §8: the server's message is toasted (query client) and the phone is cleared.
        onError: () => setValue('number', '', { shouldDirty: true }),
      },
    );
  });

  if (refused) return <NotAuthorized onLogout={() => setRefused(false)} />;

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      links={[
        { to: '/register', label: t('auth.login.noAccount') },
        { to: '/languages', label: t('auth.chooseLanguage') },
      ]}
    >
      <form onSubmit={onSubmit} noValidate>
        <PhoneField control={control} register={register} label={t('auth.phone')} />
        <PasswordField
          mt="sm"
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...register('password')}
          error={fieldError(errors.password)}
        />
        <Group justify="flex-end" mt={6}>
          <Anchor component={Link} to="/forgetpassword" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth mt="md" loading={login.isPending} disabled={!isValid || !isDirty}>
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
