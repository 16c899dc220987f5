import { zodResolver } from '@hookform/resolvers/zod';
import type { MerchantProfile } from '@loyalty/contract';
import { CURRENCY_DISPLAYS } from '@loyalty/contract/constants';
import { updateProfileBody } from '@loyalty/contract/endpoints/profile';
import { Button, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field';
import { PhoneField } from '../../components/phone-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { currencyDisplayOf } from '../../lib/money';
import { composePhone, phoneFields, splitPhone, withPhoneRule } from '../../lib/phone';
import { useUpdateProfile } from './api';

// SPEC §5's generic message for a mobile that is not a number (an empty one: "Field is required")
const baseSchema = withPhoneRule(updateProfileBody.omit({ mobile: true }).extend(phoneFields), {
  required: 'required',
  invalid: 'enterValidMobile',
});
const fields = [
  'fName',
  'hotLine',
  'refundPeriod',
  'acceptWithinMinutes',
  'taxRegistrationNumber',
  'refundRules',
  'userCurrncy',
  'password',
];

/** A new sign-in mobile needs the current password (docs/security.md, "Changing the sign-in mobile"). */
const schemaFor = (currentMobile: string) =>
  baseSchema.superRefine((v, ctx) => {
    if (composePhone(v.country, v.number) !== currentMobile && !v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'currentPasswordForMobile' });
  });

/**
 * `merchant/updateProfile`: name and mobile required; the save button shows only once something
 * changed (SPEC §5). Changing the mobile asks for the current password.
 */
export function EditProfileForm({ profile, onDone }: { profile: MerchantProfile; onDone?: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateProfile();
  const p = profile.MerchantProfile;
  const schema = useMemo(() => schemaFor(profile.mobile), [profile.mobile]);
  const { register, control, handleSubmit, setError, reset, getValues, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      fName: profile.name,
      ...splitPhone(profile.mobile),
      hotLine: p.hotLine ?? '',
      refundPeriod: p.refundPeriod ?? '',
      acceptWithinMinutes: p.acceptWithinMinutes,
      taxRegistrationNumber: p.taxRegistrationNumber ?? '',
      refundRules: p.refundRules ?? '',
      userCurrncy: currencyDisplayOf(profile.userCurrncy),
      password: '',
    },
  });
  const [country, number] = useWatch({ control, name: ['country', 'number'] });
  const mobileChanged = composePhone(country, number) !== profile.mobile;
  // Read every formState field used below up front: the proxy only tracks what a render reads.
  const { errors, isDirty, isValid } = formState;

  const onSubmit = handleSubmit(({ country, number, password, ...rest }) => {
    const mobile = composePhone(country, number);
    update.mutate(
      { ...rest, mobile, ...(mobile !== profile.mobile && { password }) },
      {
        onSuccess: () => {
          reset({ ...getValues(), password: '' });
          onDone?.();
        },
        onError: (e) => applyServerErrors(e, setError, fields, { mobile: 'number' }),
      },
    );
  });

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
        {mobileChanged && (
          <PasswordField
            label={t('profile.oldPassword')}
            description={t('profile.passwordForMobile')}
            autoComplete="current-password"
            required
            {...register('password')}
            error={fieldError(errors.password)}
          />
        )}
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
        <Controller
          control={control}
          name="acceptWithinMinutes"
          render={({ field }) => (
            <NumberInput
              label={t('profile.acceptWithinMinutes')}
              description={t('profile.acceptWithinHint')}
              min={1}
              max={60}
              allowDecimal={false}
              value={field.value as number | string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(errors.acceptWithinMinutes)}
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
        <Controller
          control={control}
          name="userCurrncy"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="currency-display-label">
                {t('profile.currencyDisplay')}
              </Text>
              <SegmentedControl
                aria-labelledby="currency-display-label"
                value={field.value ?? 'USD'}
                onChange={field.onChange}
                data={CURRENCY_DISPLAYS.map((c) => ({ value: c, label: t(`profile.currency.${c}`) }))}
                fullWidth
              />
              <Text size="xs" c="dimmed">
                {t('profile.currencyHint')}
              </Text>
            </Stack>
          )}
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
