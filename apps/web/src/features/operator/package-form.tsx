import { zodResolver } from '@hookform/resolvers/zod';
import { operatorEndpoints } from '@loyalty/contract/endpoints/operator';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../components/date-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useSavePackage } from './mutations';
import type { PackageRow } from './types';

const add = operatorEndpoints['admin/package/add'].body.shape;
const edit = operatorEndpoints['admin/package/edit'].body.shape;
/** A field left blank is not sent (the optional texts), instead of failing their 1-character minimum. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const schema = z.object({
  name: add.name,
  nameAr: blank(add.nameAr),
  points: edit.points.unwrap(),
  amount: edit.amount.unwrap(),
  description: blank(add.description),
  descriptionAr: blank(add.descriptionAr),
  validto: blank(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidDate' })
      .optional(),
  ),
});
type Form = z.input<typeof schema>;
const FIELDS = ['name', 'nameAr', 'points', 'amount', 'description', 'descriptionAr', 'validto'];

/** Add a package, or edit one (the list's row gives its name, points, price and end date). */
export function PackageForm({ pkg, onDone }: { pkg: PackageRow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSavePackage(pkg?.id ?? null);
  const { register, control, handleSubmit, setError, formState } = useForm<Form>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      name: pkg?.name ?? '',
      nameAr: '',
      points: pkg ? String(pkg.points) : '',
      amount: pkg ? String(pkg.amount) : '',
      description: '',
      descriptionAr: '',
      validto: pkg?.validto?.slice(0, 10) ?? '',
    },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((v) =>
    save.mutate(schema.parse(v), {
      onSuccess: onDone,
      onError: (e) => applyServerErrors(e, setError, FIELDS),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="package-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('operator.common.name')} required {...register('name')} error={fieldError(errors.name)} />
          <TextInput
            label={t('operator.common.nameAr')}
            dir="rtl"
            {...register('nameAr')}
            error={fieldError(errors.nameAr)}
          />
          <TextInput
            label={t('operator.packages.points')}
            required
            inputMode="numeric"
            dir="ltr"
            {...register('points')}
            error={fieldError(errors.points)}
          />
          <TextInput
            label={t('operator.packages.amount')}
            required
            inputMode="decimal"
            dir="ltr"
            {...register('amount')}
            error={fieldError(errors.amount)}
          />
        </SimpleGrid>
        <Textarea
          label={t('operator.packages.description')}
          autosize
          minRows={2}
          {...register('description')}
          error={fieldError(errors.description)}
        />
        <Textarea
          label={t('operator.packages.descriptionAr')}
          autosize
          minRows={2}
          dir="rtl"
          {...register('descriptionAr')}
          error={fieldError(errors.descriptionAr)}
        />
        <Controller
          control={control}
          name="validto"
          render={({ field }) => (
            <DateField
              label={t('operator.packages.validto')}
              name={field.name}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(errors.validto)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('operator.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
