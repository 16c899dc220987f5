import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULTS } from '@loyalty/contract/constants';
import { signupBody } from '@loyalty/contract/endpoints/auth';
import { Anchor, Button, Checkbox, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordField } from '../../components/password-field';
import { PhoneField } from '../../components/phone-field';
import { ACTIVATE_PATH } from '../../lib/access';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { composePhone, DEFAULT_COUNTRY, phoneFields, withPhoneRule } from '../../lib/phone';
import { clearStorage } from '../../lib/session';
import { useSignup } from './api';
import { AuthLayout } from './auth-layout';

const schema = withPhoneRule(signupBody.pick({ name: true, password: true, check: true }).extend(phoneFields));

export function RegisterPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const signup = useSignup();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: '', country: DEFAULT_COUNTRY, number: '', password: '', check: false },
  });
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { errors, isDirty, isValid } = formState;

  // SPEC §2: opening the register screen clears local storage (the language stays).
  useEffect(() => {
    clearStorage();
    qc.clear();
  }, [qc]);

  const onSubmit = handleSubmit((v) => {
    const mobile = composePhone(v.country, v.number);
    signup.mutate(
      { name: v.name, mobile, password: v.password, check: true, userCurrncy: DEFAULTS.registrationCurrency },
      {
        onSuccess: () => navigate(ACTIVATE_PATH, { replace: true }),
        onError: (e) => applyServerErrors(e, setError, ['name', 'password', 'check'], { mobile: 'number' }),
      },
    );
  });

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      links={[
        { to: '/login', label: t('auth.register.haveAccount') },
        { to: '/languages', label: t('auth.chooseLanguage') },
      ]}
    >
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          label={t('auth.register.name')}
          autoComplete="organization"
          required
          dir="auto"
          {...register('name')}
          error={fieldError(errors.name)}
        />
        <PhoneField control={control} register={register} label={t('auth.phone')} mt="sm" />
        <PasswordField
          mt="sm"
          label={t('auth.password')}
          autoComplete="new-password"
          required
          {...register('password')}
          error={fieldError(errors.password, { lead: 'enterValidPassword', unless: ['passwordRequired'] })}
        />
        <Controller
          control={control}
          name="check"
          render={({ field }) => (
            <Checkbox
              mt="md"
              checked={field.value === true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.check)}
              label={
                <Trans
                  i18nKey="auth.register.privacy"
                  components={{ terms: <Anchor component={Link} to="/terms" inherit /> }}
                />
              }
            />
          )}
        />
        <Button type="submit" fullWidth mt="lg" loading={signup.isPending} disabled={!isValid || !isDirty}>
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
