import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { PhoneField } from '../../components/phone-field';
import { composePhone, DEFAULT_COUNTRY, phoneFields, withPhoneRule } from '../../lib/phone';
import { useSendResetCode } from './api';
import { AuthLayout } from './auth-layout';

const schema = withPhoneRule(z.object(phoneFields));

/** Step 1 of a reset: a code is sent to the number, then /verification takes the code and the new password. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendResetCode();
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { country: DEFAULT_COUNTRY, number: '' },
  });
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { isValid } = formState;

  const onSubmit = handleSubmit((v) => {
    const mobile = composePhone(v.country, v.number);
    send.mutate({ mobile }, { onSuccess: () => navigate('/verification', { state: { mobile } }) });
  });

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      links={[{ to: '/login', label: t('auth.backToLogin') }]}
    >
      <form onSubmit={onSubmit} noValidate>
        <PhoneField control={control} register={register} label={t('auth.phone')} />
        <Button type="submit" fullWidth mt="lg" loading={send.isPending} disabled={!isValid}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
