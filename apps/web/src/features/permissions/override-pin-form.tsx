import { zodResolver } from '@hookform/resolvers/zod';
import { overridePinBody } from '@loyalty/contract/endpoints/permissions';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useSetOverridePin } from './api';

/** The contract's body (six digits, the merchant's password) and the PIN typed twice. */
export const overridePinSchema = overridePinBody
  .extend({ pinAgain: overridePinBody.shape.pin })
  .refine((v) => v.pin === v.pinAgain, { path: ['pinAgain'], message: 'permissions.override.pinsDiffer' });

/** `merchant/overridePin/set`: a new manager PIN, twice, confirmed with the merchant's password. */
export function OverridePinForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSetOverridePin();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(overridePinSchema),
    mode: 'onTouched',
    defaultValues: { pin: '', pinAgain: '', password: '' },
  });
  const onSubmit = handleSubmit(({ pin, password }) =>
    save.mutate(
      { pin, password },
      { onSuccess: () => reset(), onError: (e) => applyServerErrors(e, setError, ['pin', 'password']) },
    ),
  );
  const pinProps = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'new-password',
    maxLength: 6,
    dir: 'ltr',
  } as const;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('permissions.override.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('permissions.override.pin')}
          required
          {...pinProps}
          {...register('pin')}
          error={fieldError(formState.errors.pin)}
        />
        <TextInput
          label={t('permissions.override.pinAgain')}
          required
          {...pinProps}
          {...register('pinAgain')}
          error={fieldError(formState.errors.pinAgain)}
        />
        <PasswordField
          label={t('permissions.override.password')}
          required
          autoComplete="current-password"
          {...register('password')}
          error={fieldError(formState.errors.password)}
        />
        <Button type="submit" loading={save.isPending}>
          {t('permissions.override.save')}
        </Button>
      </Stack>
    </form>
  );
}
