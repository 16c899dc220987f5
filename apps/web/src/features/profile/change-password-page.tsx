import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@loyalty/contract/endpoints/auth';
import { Button, Paper, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { PasswordField } from '../../components/password-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useChangePassword } from './api';

/** `merchant/changepassword`; success toasts "Password changed" and goes to /dashboard (SPEC §2). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const change = useChangePassword();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(changePasswordBody),
    mode: 'onTouched',
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { errors, isDirty, isValid } = formState;

  const onSubmit = handleSubmit((v) =>
    change.mutate(v, {
      onSuccess: () => navigate('/dashboard', { replace: true }),
      onError: (e) => applyServerErrors(e, setError, ['oldPassword', 'password', 'confirmPassword']),
    }),
  );

  return (
    <Stack gap="md" maw={480}>
      <PageHeader title={t('profile.changePassword')} back="/profile" />
      <Paper withBorder p="md" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <PasswordField
              label={t('profile.oldPassword')}
              autoComplete="current-password"
              required
              {...register('oldPassword')}
              error={fieldError(errors.oldPassword)}
            />
            <PasswordField
              label={t('profile.newPassword')}
              autoComplete="new-password"
              required
              {...register('password')}
              error={fieldError(errors.password)}
            />
            <PasswordField
              label={t('profile.confirmPassword')}
              autoComplete="new-password"
              required
              {...register('confirmPassword')}
              error={fieldError(errors.confirmPassword)}
            />
            <Button type="submit" loading={change.isPending} disabled={!isValid || !isDirty}>
              {t('profile.changePassword')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
