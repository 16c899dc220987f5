import { zodResolver } from '@hookform/resolvers/zod';
import { password } from '@loyalty/contract/fields';
import { Button, Input, PinInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field';
import { Phone } from '../../components/phone';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useResetPassword, useSendResetCode } from './api';
import { AuthLayout } from './auth-layout';

const schema = z
  .object({
    code: z.string().regex(/^\d{6}$/, { error: 'codeRequired' }),
    password: password('required'),
    confirmPassword: password('required'),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDontMatch' });
  });

/** Step 2 of a reset: the 6-digit code and the new password; success signs in (SPEC §2). */
export function VerificationPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const resend = useSendResetCode();
  const mobile = (location.state as { mobile?: string } | null)?.mobile ?? params.get('mobile') ?? '';
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { errors, isValid } = formState;

  if (!/^\d{5,15}$/.test(mobile)) return <Navigate to="/forgetpassword" replace />;

  const onSubmit = handleSubmit((v) =>
    reset.mutate(
      { mobile, code: v.code, password: v.password, confirmPassword: v.confirmPassword },
      {
        onSuccess: () => navigate('/dashboard', { replace: true }),
        onError: (e) => applyServerErrors(e, setError, ['code', 'password', 'confirmPassword']),
      },
    ),
  );

  return (
    <AuthLayout
      title={t('auth.verification.title')}
      subtitle={
        <>
          {t('auth.verification.subtitle')} <Phone value={mobile} />
        </>
      }
      links={[{ to: '/login', label: t('auth.backToLogin') }]}
    >
      <form onSubmit={onSubmit} noValidate>
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <Input.Wrapper label={t('auth.verification.code')} required error={fieldError(fieldState.error)}>
              <PinInput
                mt={4}
                length={6}
                type="number"
                oneTimeCode
                dir="ltr"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={!!fieldState.error}
                aria-label={t('auth.verification.code')}
              />
            </Input.Wrapper>
          )}
        />
        <PasswordField
          mt="sm"
          label={t('auth.verification.newPassword')}
          autoComplete="new-password"
          required
          {...register('password')}
          error={fieldError(errors.password)}
        />
        <PasswordField
          mt="sm"
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          required
          {...register('confirmPassword')}
          error={fieldError(errors.confirmPassword)}
        />
        <Button type="submit" fullWidth mt="lg" loading={reset.isPending} disabled={!isValid}>
          {t('auth.verification.submit')}
        </Button>
        <Button variant="subtle" fullWidth mt="xs" loading={resend.isPending} onClick={() => resend.mutate({ mobile })}>
          {t('auth.verification.resend')}
        </Button>
      </form>
    </AuthLayout>
  );
}
