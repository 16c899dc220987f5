import { zodResolver } from '@hookform/resolvers/zod';
import { operatorEndpoints } from '@loyalty/contract/endpoints/operator';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { useAddInvoice } from './mutations';

const add = operatorEndpoints['admin/invoice/add'].body.shape;
/** A field left blank is not sent (the optional texts), instead of failing their 1-character minimum. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const schema = z.object({
  merchant: add.merchant,
  name: add.name,
  nameAr: blank(add.nameAr),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'invalidValue' })
    .refine((v) => Number(v) > 0, { error: 'atLeastOne' }),
  description: blank(add.description),
  descriptionAr: blank(add.descriptionAr),
});
type Form = z.input<typeof schema>;
const FIELDS = ['merchant', 'name', 'nameAr', 'amount', 'description', 'descriptionAr'];

/** Records an invoice for a merchant (by mobile), settled outside the app (`admin/invoice/add`). */
export function InvoiceForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useAddInvoice();
  const { register, handleSubmit, setError, formState } = useForm<Form>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { merchant: '', name: '', nameAr: '', amount: '', description: '', descriptionAr: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((v) =>
    save.mutate(schema.parse(v), {
      onSuccess: onDone,
      onError: (e) => applyServerErrors(e, setError, FIELDS),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="invoice-form">
      <Stack gap="sm">
        <TextInput
          label={t('operator.invoices.merchantMobile')}
          required
          inputMode="tel"
          dir="ltr"
          data-autofocus
          {...register('merchant')}
          error={fieldError(errors.merchant)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('operator.common.name')} required {...register('name')} error={fieldError(errors.name)} />
          <TextInput
            label={t('operator.common.nameAr')}
            dir="rtl"
            {...register('nameAr')}
            error={fieldError(errors.nameAr)}
          />
        </SimpleGrid>
        <TextInput
          label={t('operator.invoices.amount')}
          required
          inputMode="decimal"
          dir="ltr"
          {...register('amount')}
          error={fieldError(errors.amount)}
        />
        <Textarea
          label={t('operator.packages.description')}
          autosize
          minRows={2}
          {...register('description')}
          error={fieldError(errors.description)}
        />
        <Textarea
          label={t('operator.packages.descriptionAr')}
          dir="rtl"
          autosize
          minRows={2}
          {...register('descriptionAr')}
          error={fieldError(errors.descriptionAr)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('operator.invoices.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
