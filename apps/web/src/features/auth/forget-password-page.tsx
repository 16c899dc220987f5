import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { PhoneInput } from '../../components/phone-input';
import { useFieldError } from '../../lib/form-errors';
import { composePhone, DEFAULT_COUNTRY, phoneFields, withPhoneRule } from '../../lib/phone';
import { toast } from '../../lib/toast';
import { useForgetPassword } from './api';
import { AuthLayout } from './auth-layout';

const schema = withPhoneRule(z.object(phoneFields));

/** Step 1 of a reset: a code is sent to the number, then /verification takes the code and the new password. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const send = useForgetPassword();
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { country: DEFAULT_COUNTRY, number: '' },
  });
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { errors, isValid } = formState;

  const onSubmit = handleSubmit((v) => {
    const mobile = composePhone(v.country, v.number);
    send.mutate(
      { mobile },
      {
        onSuccess: () => {
          toast.success('msg.codeSent');
          navigate('/verification', { state: { mobile } });
        },
      },
    );
  });

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <PhoneInput
              label={t('auth.phone')}
              country={field.value}
              onCountryChange={field.onChange}
              numberProps={register('number')}
              error={fieldError(errors.number)}
              required
            />
          )}
        />
        <Button type="submit" fullWidth mt="lg" loading={send.isPending} disabled={!isValid}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
