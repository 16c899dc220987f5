import { zodResolver } from '@hookform/resolvers/zod';
import { addEmployeeBody, EMPLOYEE_RULES, type EmployeeRule } from '@loyalty/contract';
import { Badge, Button, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BranchSelect } from '../../components/branch-select';
import { PhoneInput } from '../../components/phone-input';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { composePhone, DEFAULT_COUNTRY, phoneFields, withPhoneRule } from '../../lib/phone';
import { toast } from '../../lib/toast';
import { useAddEmployee } from './api';

/** The contract's add schema with the phone split into country and number (SPEC §5: every field required). */
const schema = withPhoneRule(
  addEmployeeBody
    .omit({ mobileNum: true, ownerId: true })
    .extend({ ...phoneFields, number: z.string().trim().min(1, { error: 'required' }) }),
);
const fields = ['branchId', 'fName', 'mName', 'lName', 'password', 'rule'];

/**
 * `merchant/addEmployee`: branch, names, mobile, password and role. With `fixedRule` the role is
 * not asked (the delivery employees sheet adds couriers only).
 */
export function AddEmployeeForm({ fixedRule, onDone }: { fixedRule?: EmployeeRule; onDone?: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddEmployee();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      branchId: '',
      fName: '',
      mName: '',
      lName: '',
      country: DEFAULT_COUNTRY,
      number: '',
      password: '',
      rule: fixedRule ?? '',
    },
  });
  const { errors, isDirty } = formState;

  const onSubmit = handleSubmit(({ country, number, ...v }) =>
    add.mutate(
      { ...v, mobileNum: composePhone(country, number) },
      {
        onSuccess: () => {
          toast.success('msg.addedSuccessfully');
          onDone?.();
        },
        onError: (e) => applyServerErrors(e, setError, fields, { mobileNum: 'number' }),
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t(fixedRule === 'delivery' ? 'employees.addDelivery' : 'employees.add')}
    >
      <Stack gap="sm">
        <Controller
          control={control}
          name="branchId"
          render={({ field }) => (
            <BranchSelect
              label={t('employees.branch')}
              value={field.value as string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(errors.branchId)}
              required
            />
          )}
        />
        <TextInput label={t('employees.fName')} required {...register('fName')} error={fieldError(errors.fName)} />
        <TextInput label={t('employees.mName')} required {...register('mName')} error={fieldError(errors.mName)} />
        <TextInput label={t('employees.lName')} required {...register('lName')} error={fieldError(errors.lName)} />
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <PhoneInput
              label={t('employees.mobile')}
              country={field.value}
              onCountryChange={field.onChange}
              numberProps={register('number')}
              error={fieldError(errors.number)}
              required
            />
          )}
        />
        <PasswordInput
          label={t('employees.password')}
          autoComplete="new-password"
          required
          {...register('password')}
          error={fieldError(errors.password)}
        />
        {fixedRule ? (
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('employees.rule')}
            </Text>
            <Badge variant="light">{t(`roles.${fixedRule}`)}</Badge>
          </Group>
        ) : (
          <Controller
            control={control}
            name="rule"
            render={({ field }) => (
              <Select
                label={t('employees.rule')}
                placeholder={t('employees.chooseRule')}
                data={EMPLOYEE_RULES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                value={(field.value as string) || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={fieldError(errors.rule)}
                allowDeselect={false}
                required
              />
            )}
          />
        )}
        <Button type="submit" loading={add.isPending} disabled={!isDirty}>
          {t(fixedRule === 'delivery' ? 'employees.addDelivery' : 'employees.add')}
        </Button>
      </Stack>
    </form>
  );
}
