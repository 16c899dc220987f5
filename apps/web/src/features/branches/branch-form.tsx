import { zodResolver } from '@hookform/resolvers/zod';
import type { Branch } from '@loyalty/contract';
import { addBranchBody, updateBranchBody } from '@loyalty/contract/endpoints/branches';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MapPicker } from '../../components/map-picker';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useAddBranch, useUpdateBranch } from './api';

const FIELDS = ['branchName', 'branchNameAr', 'phone', 'address', 'addressAr', 'lat', 'long'];
const updateSchema = updateBranchBody.omit({ branchId: true });
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

/**
 * Add a branch (all four text fields required, phone digits only; the Arabic name optional: the
 * Arabic UI shows the English one where it is empty) or update one (blank fields keep their
 * values, SPEC §5). The map sets latitude and longitude; the inputs show and edit them too.
 */
export function BranchForm({ branch, onDone }: { branch?: Branch; onDone: (b: Branch) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddBranch();
  const update = useUpdateBranch();
  const { register, control, handleSubmit, setError, setValue, watch, formState } = useForm({
    resolver: zodResolver(branch ? updateSchema : addBranchBody),
    mode: 'onTouched',
    defaultValues: {
      branchName: branch?.branchName ?? '',
      branchNameAr: branch?.branchNameAr ?? '',
      phone: branch?.phone ?? '',
      address: branch?.address ?? '',
      addressAr: branch?.addressAr ?? '',
      lat: (branch?.lat ?? '') as number | string,
      long: (branch?.long ?? '') as number | string,
    },
  });
  const { errors, isDirty } = formState;
  const lat = toNumber(watch('lat'));
  const long = toNumber(watch('long'));
  const point = Number.isFinite(lat) && Number.isFinite(long) ? { lat, long } : null;
  const pending = add.isPending || update.isPending;

  const onSubmit = handleSubmit((v) => {
    const options = {
      onSuccess: onDone,
      onError: (e: unknown) => applyServerErrors(e, setError, FIELDS),
    };
    if (branch) update.mutate({ ...v, branchId: branch.id }, options);
    else add.mutate(v as Parameters<typeof add.mutate>[0], options);
  });

  const coordinate = (name: 'lat' | 'long') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`branches.${name}`)}
          dir="ltr"
          decimalScale={6}
          hideControls
          name={field.name}
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(errors[name])}
          flex={1}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('branches.name')}
          required={!branch}
          dir="auto"
          {...register('branchName')}
          error={fieldError(errors.branchName)}
        />
        <TextInput
          label={t('branches.nameAr')}
          description={t('branches.nameArHint')}
          dir="rtl"
          lang="ar"
          {...register('branchNameAr')}
          error={fieldError(errors.branchNameAr)}
        />
        <TextInput
          label={t('branches.phone')}
          required={!branch}
          type="tel"
          inputMode="numeric"
          dir="ltr"
          {...register('phone')}
          error={fieldError(errors.phone)}
        />
        <TextInput
          label={t('branches.address')}
          required={!branch}
          dir="auto"
          {...register('address')}
          error={fieldError(errors.address)}
        />
        <TextInput
          label={t('branches.addressAr')}
          required={!branch}
          dir="rtl"
          lang="ar"
          {...register('addressAr')}
          error={fieldError(errors.addressAr)}
        />
        <MapPicker
          label={t('branches.mapLabel')}
          value={point}
          onChange={(p) => {
            setValue('lat', p.lat, { shouldDirty: true, shouldValidate: true });
            setValue('long', p.long, { shouldDirty: true, shouldValidate: true });
          }}
        />
        <Text size="xs" c="dimmed" mt={-6}>
          {t('branches.mapHint')}
        </Text>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {coordinate('lat')}
          {coordinate('long')}
        </Group>
        <Button type="submit" loading={pending} disabled={Boolean(branch) && !isDirty}>
          {branch ? t('common.save') : t('branches.add')}
        </Button>
      </Stack>
    </form>
  );
}
