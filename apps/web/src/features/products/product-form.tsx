import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@loyalty/contract';
import { createProductBody, updateProductBody } from '@loyalty/contract/endpoints/products';
import { Button, MultiSelect, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { formatPrice } from '../../lib/format';
import { useTagList } from '../../lib/queries/tags';
import { useCreateProduct, useUpdateProduct } from './api';

const createSchema = createProductBody.omit({ merchantId: true });
const updateSchema = updateProductBody.omit({ productId: true });
const FIELDS = Object.keys(createSchema.shape);

/**
 * Create a product (name, Arabic name, price, stock, both descriptions of 30 to 300 characters) or
 * update one (price a whole number, blank fields keep their values, SPEC §5).
 */
export function ProductForm({ product, onDone }: { product?: Product; onDone: (p: Product) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const tags = useTagList();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(product ? updateSchema : createSchema),
    mode: 'onTouched',
    defaultValues: {
      name: product?.name ?? '',
      nameAr: product?.nameAr ?? '',
      // the update takes whole dollars: a price with cents is left blank (kept) unless retyped
      price: (product && Number.isInteger(product.price) ? product.price : '') as number | string,
      stockAmount: (product?.stockAmount ?? '') as number | string,
      points: (product?.points ?? '') as number | string,
      description: product?.description ?? '',
      descriptionAr: product?.descriptionAr ?? '',
      tagsIds: product?.tagsIds ?? ([] as number[]),
      deliveryAvailability: product?.deliveryAvailability ?? false,
    },
  });
  const { errors, dirtyFields } = formState;

  const onSubmit = handleSubmit((v) => {
    const options = {
      onSuccess: onDone,
      onError: (e: unknown) => applyServerErrors(e, setError, FIELDS),
    };
    const tagsIds = (v.tagsIds ?? []).length > 0 ? v.tagsIds : undefined;
    if (product) {
      // only what was changed: untouched fields keep their values on the server
      const changed = Object.fromEntries(Object.entries({ ...v, tagsIds }).filter(([k]) => k in dirtyFields));
      update.mutate({ ...changed, productId: product.id }, options);
    } else create.mutate({ ...(v as Parameters<typeof create.mutate>[0]), tagsIds }, options);
  });

  const numberField = (
    name: 'price' | 'stockAmount' | 'points',
    decimals: boolean,
    required: boolean,
    hint?: { description: string; placeholder: string },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`products.${name}`)}
          required={required}
          min={0}
          // a typed -5 stays -5 and is refused with a message, never silently turned into 0
          clampBehavior="none"
          dir="ltr"
          allowDecimal={decimals}
          decimalScale={decimals ? 2 : 0}
          name={field.name}
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(errors[name])}
          {...hint}
        />
      )}
    />
  );
  const priceHint = product
    ? { description: t('products.wholeDollars'), placeholder: formatPrice(product.price) }
    : undefined;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('products.name')}
          required={!product}
          dir="auto"
          {...register('name')}
          error={fieldError(errors.name)}
        />
        <TextInput
          label={t('products.nameAr')}
          required={!product}
          dir="rtl"
          lang="ar"
          {...register('nameAr')}
          error={fieldError(errors.nameAr)}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {/* SPEC §5: the update reads the price as a whole number */}
          {numberField('price', !product, !product, priceHint)}
          {numberField('stockAmount', false, !product)}
          {numberField('points', false, false)}
        </SimpleGrid>
        <Textarea
          label={t('products.description')}
          required={!product}
          dir="auto"
          autosize
          minRows={2}
          description={t('products.descriptionHint')}
          {...register('description')}
          error={fieldError(errors.description)}
        />
        <Textarea
          label={t('products.descriptionAr')}
          required={!product}
          autosize
          minRows={2}
          dir="rtl"
          lang="ar"
          description={t('products.descriptionHint')}
          {...register('descriptionAr')}
          error={fieldError(errors.descriptionAr)}
        />
        <Controller
          control={control}
          name="tagsIds"
          render={({ field }) => (
            <MultiSelect
              label={t('products.tags')}
              data={(tags.data?.rows ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
              value={((field.value as number[] | undefined) ?? []).map(String)}
              onChange={(vals) => field.onChange(vals.map(Number))}
              onBlur={field.onBlur}
              error={fieldError(errors.tagsIds)}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Controller
          control={control}
          name="deliveryAvailability"
          render={({ field }) => (
            <Switch
              label={t('products.deliveryAvailability')}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Button type="submit" loading={create.isPending || update.isPending}>
          {product ? t('common.save') : t('products.add')}
        </Button>
      </Stack>
    </form>
  );
}
