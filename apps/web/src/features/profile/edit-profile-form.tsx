import { zodResolver } from '@hookform/resolvers/zod';
import type { MerchantProfile } from '@loyalty/contract';
import { updateProfileBody } from '@loyalty/contract/endpoints/auth';
import { Button, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../components/phone-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { composePhone, phoneFields, splitPhone, withPhoneRule } from '../../lib/phone';
import { useUpdateProfile } from './api';

const schema = withPhoneRule(updateProfileBody.omit({ mobile: true }).extend(phoneFields), { required: 'required' });
const fields = ['fName', 'hotLine', 'refundPeriod', 'taxRegistrationNumber', 'refundRules'];

/** `merchant/updateProfile`: name and mobile required; the save button shows only once something changed (SPEC §5). */
export function EditProfileForm({ profile, onDone }: { profile: MerchantProfile; onDone?: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateProfile();
  const p = profile.MerchantProfile;
  const { register, control, handleSubmit, setError, reset, getValues, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      fName: profile.name,
      ...splitPhone(profile.mobile),
      hotLine: p.hotLine ?? '',
      refundPeriod: p.refundPeriod ?? '',
      taxRegistrationNumber: p.taxRegistrationNumber ?? '',
      refundRules: p.refundRules ?? '',
    },
  });
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { errors, isDirty, isValid } = formState;

  const onSubmit = handleSubmit(({ country, number, ...rest }) =>
    update.mutate(
      { ...rest, mobile: composePhone(country, number) },
      {
        onSuccess: () => {
          reset(getValues());
          onDone?.();
        },
        onError: (e) => applyServerErrors(e, setError, fields, { mobile: 'number' }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('profile.name')}
          required
          dir="auto"
          {...register('fName')}
          error={fieldError(errors.fName)}
        />
        <PhoneField control={control} register={register} label={t('profile.mobile')} />
        <TextInput label={t('profile.hotLine')} dir="ltr" {...register('hotLine')} error={fieldError(errors.hotLine)} />
        <Controller
          control={control}
          name="refundPeriod"
          render={({ field }) => (
            <NumberInput
              label={t('profile.refundPeriod')}
              min={0}
              allowDecimal={false}
              value={field.value as number | string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(errors.refundPeriod)}
            />
          )}
        />
        <TextInput
          label={t('profile.taxRegistrationNumber')}
          dir="ltr"
          {...register('taxRegistrationNumber')}
          error={fieldError(errors.taxRegistrationNumber)}
        />
        <Textarea
          label={t('profile.refundRules')}
          dir="auto"
          autosize
          minRows={2}
          {...register('refundRules')}
          error={fieldError(errors.refundRules)}
        />
        {isDirty && (
          <Button type="submit" loading={update.isPending} disabled={!isValid}>
            {t('common.save')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
