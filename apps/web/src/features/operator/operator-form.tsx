import { zodResolver } from '@hookform/resolvers/zod';
import { operatorEndpoints } from '@loyalty/contract/endpoints/operator';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field';
import { PhoneField } from '../../components/phone-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { composePhone, phoneFields, withPhoneRule } from '../../lib/phone';
import { DEFAULT_COUNTRY } from '../../lib/phone-country';
import { useAddOperator } from './mutations';
import type { OpResponse } from './types';

const body = operatorEndpoints['admin/operator/add'].body.shape;
const schema = withPhoneRule(
  z.object({
    ...phoneFields,
    name: body.name,
    nameAr: z.preprocess((v) => (v === '' ? undefined : v), body.nameAr),
    role: body.role,
    password: body.password,
  }),
);
type Form = z.input<typeof schema>;
const ROLES = ['admin', 'support', 'finance'] as const;

/** Add an operator (admin/operator/add); the answer's otpauth address goes to `onAdded` to be shown once. */
export function OperatorForm({ onAdded }: { onAdded: (res: OpResponse<'admin/operator/add'>) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddOperator();
  const { register, control, handleSubmit, setError, formState } = useForm<Form>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { country: DEFAULT_COUNTRY, number: '', name: '', nameAr: '', role: 'support', password: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((v) => {
    const { country, number, ...rest } = schema.parse(v);
    add.mutate(
      { ...rest, mobile: composePhone(country, number) },
      {
        onSuccess: onAdded,
        onError: (e) => applyServerErrors(e, setError, ['name', 'nameAr', 'role', 'password'], { mobile: 'number' }),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="operator-form">
      <Stack gap="sm">
        <PhoneField control={control} register={register} label={t('operator.common.mobile')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('operator.common.name')} required {...register('name')} error={fieldError(errors.name)} />
          <TextInput
            label={t('operator.common.nameAr')}
            dir="rtl"
            {...register('nameAr')}
            error={fieldError(errors.nameAr)}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('operator.operators.role')}
              required
              allowDeselect={false}
              data={ROLES.map((r) => ({ value: r, label: t(`operator.roles.${r}`) }))}
              value={field.value as string}
              onChange={(v) => field.onChange(v)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.role)}
            />
          )}
        />
        <PasswordField
          label={t('operator.operators.password')}
          required
          autoComplete="new-password"
          {...register('password')}
          error={fieldError(errors.password)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            {t('operator.operators.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
