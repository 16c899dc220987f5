import { zodResolver } from '@hookform/resolvers/zod';
import type { OverrideSettings } from '@loyalty/contract';
import { overrideThresholdsBody } from '@loyalty/contract/endpoints/permissions';
import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useSetThresholds } from './api';

/** `merchant/override/thresholds`: redeems above N points, and every refund, need the manager. */
export function ThresholdsForm({ settings }: { settings: OverrideSettings }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSetThresholds();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(overrideThresholdsBody),
    defaultValues: {
      redeemPointsAbove: (settings.redeemPointsAbove ?? '') as unknown as number | undefined,
      refunds: settings.refunds,
    },
  });
  const onSubmit = handleSubmit((v) =>
    save.mutate(v, { onError: (e) => applyServerErrors(e, setError, ['redeemPointsAbove', 'refunds']) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('permissions.override.thresholds')}>
      <Stack gap="sm">
        <TextInput
          label={t('permissions.override.redeemAbove')}
          description={t('permissions.override.redeemAboveHint')}
          inputMode="numeric"
          dir="ltr"
          {...register('redeemPointsAbove')}
          error={fieldError(formState.errors.redeemPointsAbove)}
        />
        <Checkbox label={t('permissions.override.refunds')} {...register('refunds')} />
        <Button type="submit" variant="light" loading={save.isPending}>
          {t('permissions.override.saveThresholds')}
        </Button>
      </Stack>
    </form>
  );
}
