import './strings';
import { Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LanguageToggle } from '../../components/language-toggle';
import { PasswordField } from '../../components/password-field';
import { PhoneField } from '../../components/phone-field';
import { useFieldError } from '../../lib/form-errors';
import { i18n } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { useAppMutation } from '../../lib/mutation';
import { composePhone } from '../../lib/phone';
import { DEFAULT_COUNTRY } from '../../lib/phone-country';
import { opCall } from './client';
import { type OperatorLoginForm, operatorLoginResolver } from './login-rules';
import { saveOperatorSession, useOperatorSession } from './session';
import type { OpBody } from './types';

/** Where to go after signing in: the console address the operator was sent away from, else its home. */
const returnTo = (from: unknown): string =>
  typeof from === 'string' && from.startsWith('/operator') && !from.startsWith('/operator/login') ? from : '/operator';

/**
 * /operator/login: mobile, password and the authenticator's 6-digit code (admin/login). The session
 * is the console's own (session.ts), never the merchant app's.
 */
export function OperatorLoginPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useOperatorSession();
  const login = useAppMutation({
    mutationFn: (body: OpBody<'admin/login'>) => opCall('admin/login', body),
    apply: (res) => saveOperatorSession(res),
    success: (res) => i18n.t('operator.login.welcome', { name: localized(res.operator, 'name') }),
  });
  const { register, control, handleSubmit, setValue, formState } = useForm<OperatorLoginForm>({
    resolver: operatorLoginResolver,
    mode: 'onTouched',
    defaultValues: { country: DEFAULT_COUNTRY, number: '', password: '', otp: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((v) =>
    login.mutate(
      { username: composePhone(v.country, v.number), password: v.password, otp: v.otp.trim() },
      {
        onSuccess: () => navigate(returnTo((location.state as { from?: unknown } | null)?.from), { replace: true }),
        // a code is good once: a refused sign-in asks for the next one
        onError: () => setValue('otp', ''),
      },
    ),
  );
  if (session && !login.isPending && !login.isSuccess) return <Navigate to="/operator" replace />;

  return (
    <Container size={440} px="md" py="md" component="main">
      <Group justify="flex-end" mb="xs">
        <LanguageToggle />
      </Group>
      <Paper withBorder shadow="sm" p="lg" radius="lg">
        <Stack gap="md">
          <div>
            <Title order={1} size="h3">
              {t('operator.login.title')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('operator.login.subtitle')}
            </Text>
          </div>
          <form onSubmit={onSubmit} noValidate aria-label={t('operator.login.title')} data-testid="operator-login">
            <Stack gap="sm">
              <PhoneField control={control} register={register} label={t('operator.login.mobile')} />
              <PasswordField
                label={t('operator.login.password')}
                autoComplete="current-password"
                required
                {...register('password')}
                error={fieldError(errors.password)}
              />
              <TextInput
                label={t('operator.login.otp')}
                description={t('operator.login.otpHint')}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                dir="ltr"
                {...register('otp')}
                error={fieldError(errors.otp)}
              />
              <Button type="submit" fullWidth mt="xs" loading={login.isPending}>
                {t('operator.login.submit')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}
